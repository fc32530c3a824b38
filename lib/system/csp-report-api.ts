// The browsers' Content-Security-Policy violation reports (`report-uri` of lib/http/security-headers.ts):
// each is logged as a warning with where it happened and what was blocked. Not a call of the spec's
// contract: browsers post it with their own content type, so it is a plain route, not `defineRoute`.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { CSP_REPORT_PATH } from '@/lib/http/security-headers';
import { log } from '@/lib/log';

const text = z.string().max(500).optional().catch(undefined);

/** The `report-uri` format (`application/csp-report`); unknown fields are dropped. */
export const cspReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': z.number().int().optional().catch(undefined),
    'script-sample': text,
    disposition: text,
  }),
});

export type CspViolation = z.output<typeof cspReportSchema>['csp-report'];

/** Reads a report body; undefined when it is not a CSP report. */
export function parseCspReport(body: string): CspViolation | undefined {
  try {
    const parsed = cspReportSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data['csp-report'] : undefined;
  } catch {
    return undefined;
  }
}

export function registerCspReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.post(
    CSP_REPORT_PATH,
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.body(null, 413) }),
    async (c) => {
      const violation = parseCspReport(await c.req.text());
      if (!violation) return c.body(null, 400);
      log.warn({ cspViolation: violation, requestId: c.var.requestId }, 'Content-Security-Policy violation');
      return c.body(null, 204);
    },
  );
}
