// Start-up calls of spec §7: system config, customer service, pop-ups; plus the operators' pop-up upkeep.

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { auditSigner } from '@/lib/audit/checkpoints';
import { getConfig } from '@/lib/config';
import { countryCodeList } from '@/lib/config/country-codes';
import { requestOrigin } from '@/lib/http/client-address';
import { storedUrl } from '@/lib/http/url-schema';
import { LOCALES } from '@/lib/i18n/routing';
import { checkReadiness } from '@/lib/ops/readiness';
import { getRedis, pingRedis } from '@/lib/redis';
import { LEGAL_BODY_MAX, LEGAL_TITLE_MAX, legalPagesForStaff, resetLegalPage, saveLegalPage } from './legal';
import { LEGAL_DOCUMENTS } from './schema';
import { deletePopup, listAllPopups, listShowingPopups, pickLocalized, savePopup } from './service';
import { freshSettings, REGISTRATION_MODES } from './settings';

export const localizedText = z
  .partialRecord(z.enum(['zh-CN', 'zh-TW', 'en', 'vi']), z.string().trim().min(1).max(2000))
  .refine((text) => Object.keys(text).length > 0, 'at least one language');

const popupInput = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: localizedText,
  body: localizedText,
  imageUrl: storedUrl({ max: 500 }).nullish(),
  linkUrl: storedUrl({ max: 500 }).nullish(),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
  startsAt: z.coerce.date().nullish(),
  endsAt: z.coerce.date().nullish(),
});

const popupRow = popupInput.required({ id: true }).extend({
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  createdAt: z.date(),
});

function websocketAddress(headers: Headers) {
  const configured = getConfig().WEBSOCKET_URL;
  if (configured) return configured;
  return requestOrigin(headers);
}

export function registerSystemRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/universal/systemConfig',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'System',
      summary:
        'Public system config: country codes, customer-service email, websocket address, who may register',
      output: z.object({
        CountryCode: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
        customer_service_email: z.string(),
        websocket: z.string(),
        company_id: z.number(),
        /** Who may register now: `open`, `invite` (an invite code required) or `closed`. */
        registration: z.enum(REGISTRATION_MODES),
      }),
    },
    async (c) => ({
      CountryCode: countryCodeList(c.var.locale),
      customer_service_email: (await freshSettings(c.var.db)).customerServiceEmail,
      registration: (await freshSettings(c.var.db)).registration,
      websocket: websocketAddress(c.req.raw.headers),
      company_id: getConfig().COMPANY_ID,
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/user/getKefuInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'System',
      summary: 'Customer-service contact',
      output: z.object({ email: z.string(), mailto: z.string() }),
    },
    async (c) => {
      const email = (await freshSettings(c.var.db)).customerServiceEmail;
      return { email, mailto: `mailto:${email}` };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/banner/popList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'System',
      summary: 'Pop-ups showing now, in the reader’s language (none unless an operator configured some)',
      output: z.array(
        z.object({
          id: z.number(),
          title: z.string(),
          content: z.string(),
          image: z.string().nullable(),
          url: z.string().nullable(),
        }),
      ),
    },
    async (c) =>
      (await listShowingPopups(c.var.db, c.var.now)).map((popup) => ({
        id: popup.id,
        title: pickLocalized(popup.title, c.var.locale),
        content: pickLocalized(popup.body, c.var.locale),
        image: popup.imageUrl,
        url: popup.linkUrl,
      })),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/popup/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'All pop-ups, showing or not',
      staff: [],
      output: z.array(popupRow),
    },
    (c) => listAllPopups(c.var.db),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/popup/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Create a pop-up, or update it when id is given',
      staff: [],
      input: popupInput,
      output: popupRow,
    },
    async (c, input) => {
      if (input.id !== undefined)
        auditChange(c, {
          before: (await listAllPopups(c.var.db)).find((popup) => popup.id === input.id) ?? null,
        });
      return savePopup(c.var.db, input);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/legal/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The policy pages operators wrote (privacy, agreement, about us), per language',
      staff: [],
      output: z.object({
        list: z.array(
          z.object({
            document: z.enum(LEGAL_DOCUMENTS),
            locale: z.string(),
            title: z.string(),
            body: z.string(),
            updatedAt: z.date(),
          }),
        ),
      }),
    },
    async (c) => ({ list: await legalPagesForStaff(c.var.db) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/legal/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Writes a policy page in one language (plain text, blank lines between paragraphs)',
      staff: [],
      input: z.object({
        document: z.enum(LEGAL_DOCUMENTS),
        locale: z.enum(LOCALES),
        title: z.string().trim().min(1).max(LEGAL_TITLE_MAX),
        body: z.string().trim().min(1).max(LEGAL_BODY_MAX),
      }),
      output: z.object({ document: z.string(), locale: z.string() }),
    },
    async (c, input) => {
      const { before } = await saveLegalPage(c.var.db, input, c.var.user!.id, c.var.now);
      auditChange(c, {
        before,
        after: { title: input.title, body: input.body },
        targetType: 'legal',
        targetId: `${input.document}:${input.locale}`,
      });
      return { document: input.document, locale: input.locale };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/legal/reset',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Drops an operator-written policy page: the shipped text shows again in that language',
      staff: [],
      input: z.object({ document: z.enum(LEGAL_DOCUMENTS), locale: z.enum(LOCALES) }),
      output: z.object({ document: z.string(), locale: z.string() }),
    },
    async (c, input) => {
      const { before } = await resetLegalPage(c.var.db, input.document, input.locale);
      auditChange(c, {
        before,
        after: null,
        targetType: 'legal',
        targetId: `${input.document}:${input.locale}`,
      });
      return { document: input.document, locale: input.locale };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/popup/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Delete a pop-up',
      staff: [],
      input: z.object({ id: z.coerce.number().int().positive() }),
      output: z.null(),
    },
    async (c, { id }) => {
      await deletePopup(c.var.db, id);
      return null;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/health',
      effect: 'read',
      methods: ['get'],
      tag: 'System',
      summary:
        'Liveness: the process answers (no dependency is waited on; see /api/ready). `redis`: ok, off (no REDIS_URL) or down',
      output: z.object({
        status: z.literal('ok'),
        redis: z.enum(['ok', 'off', 'down']),
        /** The portal's clock (CLOCK_START moves it): what e2e tests take as "now". */
        now: z.date(),
      }),
    },
    async (c) => {
      const redis = getRedis();
      // A connected client costs nothing to report; only a client not (yet) connected is pinged.
      const redisStatus = !redis
        ? ('off' as const)
        : redis.status === 'ready' ||
            (await pingRedis(redis).then(
              () => true,
              () => false,
            ))
          ? ('ok' as const)
          : ('down' as const);
      return { status: 'ok' as const, redis: redisStatus, now: c.var.now };
    },
  );

  const component = z.enum(['ok', 'off', 'failed']);
  defineRoute(
    app,
    {
      path: '/api/ready',
      effect: 'read',
      methods: ['get'],
      tag: 'System',
      summary:
        "Readiness: the database, Redis (with REDIS_URL) and the media engine this node runs answer, and the node is not shutting down; else 503 with `data` naming what failed. `jobs` is `degraded` (naming `stalled_jobs`) when a periodic job completed no tick for three of its periods; `ledger` is `degraded` (counting `ledger_problems`) when the latest ledger check (every 5 minutes: balances, and escrow reconciled with every open item) found problems. Neither makes the node unready. `backup` is `failed` when the latest scheduled (or operator's) backup failed, `overdue` when the last success is older than two of the schedule's intervals, `off` when no backup is scheduled; it never makes the node unready either. `audit_signing` is `unsigned` when no AUDIT_SIGNING_KEY signs the audit log's checkpoints",
      output: z.object({
        status: z.literal('ready'),
        database: component,
        redis: component,
        media: component,
        jobs: z.enum(['ok', 'off', 'degraded', 'failed']),
        ledger: z.enum(['ok', 'off', 'degraded', 'failed']),
        backup: z.enum(['ok', 'off', 'failed', 'overdue']),
        stalled_jobs: z.array(z.string()),
        ledger_problems: z.number(),
        audit_signing: z.enum(['signed', 'unsigned']),
      }),
    },
    async (c) => {
      const { ready, draining, components, stalledJobs, ledgerProblems } = await checkReadiness(c.var.db);
      if (!ready) {
        const failed = Object.entries(components)
          .filter(([, status]) => status === 'failed')
          .map(([name]) => name);
        if (draining) failed.push('draining');
        throw new DomainError('NOT_READY', {
          status: 503,
          values: { components: failed.join(', ') },
          data: { draining, ...components },
        });
      }
      return {
        status: 'ready' as const,
        ...components,
        stalled_jobs: stalledJobs,
        ledger_problems: ledgerProblems,
        audit_signing: auditSigner() ? ('signed' as const) : ('unsigned' as const),
      };
    },
  );
}
