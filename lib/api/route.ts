// Declares an API route once: its path (the spec's contract, matched case-insensitively), input and
// output schemas, and permissions. The same declaration validates the request, shapes the envelope,
// and documents the route in the OpenAPI document.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { getConfig } from '@/lib/config';
import { AFTER_PUSH_HEADER } from '@/lib/http/after-push';
import { clientAddress } from '@/lib/http/client-address';
import { auditReason } from './audit-change';
import { requireStaff } from './auth';
import type { AppEnv, StaffRole } from './context';
import { crossSiteGuard } from './cross-site';
import { CODE, DomainError, ValidationError } from './errors';
import { strictInput } from './strict-input';

type Method = 'get' | 'post';

export type RouteDefinition<I extends z.ZodObject, O extends z.ZodType> = {
  /** As the spec writes it, e.g. `/api/Member/info`. */
  path: string;
  methods: Method[];
  summary: string;
  tag: string;
  /**
   * Whether the call changes state, whatever its HTTP method (the spec declares some writes as GET).
   * Writes pass the cross-site request guard before anything else runs.
   */
  effect: 'read' | 'write';
  input?: I;
  output: O;
  middleware?: MiddlewareHandler<AppEnv>[];
  /**
   * An operator route: the staff roles that may call it besides `operator`, who always may (`[]`: operators
   * only). Checked before the route's own middleware (`requireStaff`); the console's pages check the same
   * list; every successful write is appended to the audit log.
   */
  staff?: readonly StaffRole[];
  /**
   * A field's label (a message key) where the shared one (`fields.<name>`) would not say what this route
   * means by it, e.g. the audit log's `target` is an object type, a coin rule's a count.
   */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * A route that answers with a file instead of the envelope (e.g. a streamed NDJSON download): its output
   * is `z.instanceof(Response)` and the handler builds the response. Refusals are still the envelope.
   */
  file?: { contentType: string; description: string };
};

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(CODE.OK), msg: z.string(), data });

export const errorEnvelopeSchema = z.object({
  code: z.union([z.literal(CODE.ERROR), z.literal(CODE.LOGIN_REQUIRED)]),
  msg: z.string(),
  data: z.unknown(),
});

/** GET reads the query; POST reads a JSON or form body (plus the query). */
async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const query = c.req.query();
  if (c.req.method === 'GET') return query;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (!text) return query;
    try {
      const body = JSON.parse(text);
      if (body && typeof body === 'object' && !Array.isArray(body)) return { ...query, ...body };
    } catch {}
    throw new DomainError('INVALID_BODY');
  }
  if (type.includes('form')) return { ...query, ...(await c.req.parseBody()) };
  return query;
}

export type RouteEntry = {
  path: string;
  methods: Method[];
  effect: 'read' | 'write';
  staff?: readonly StaffRole[];
  /** What the route accepts (its refusals name these fields: lib/api/messages.ts). */
  input: z.ZodObject;
  fieldLabels?: Readonly<Record<string, string>>;
};

const routeTables = new WeakMap<object, RouteEntry[]>();

/** Every route declared on an app, for the tests that walk the table. */
export const routeTable = (app: object): readonly RouteEntry[] => routeTables.get(app) ?? [];

/**
 * Read-your-writes with a replica (as Rails' database selector and GitLab's load balancer do): a client
 * that has just called a write reads from the primary for this long, so a streaming replica that has
 * not yet replayed its write (an asynchronous standby; even `synchronous_commit = on` waits for the
 * flush, not the replay) never shows it the state before. Other clients read the replica meanwhile.
 */
export const READ_YOUR_WRITES_MS = 5_000;
/** Until when (epoch ms) this browser's reads go to the primary; set by every write route. */
export const RECENT_WRITE_COOKIE = 'db_recent_write';

/** Marks the caller as having written: its reads go to the primary for READ_YOUR_WRITES_MS. */
const markRecentWrite = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  const replicated = c.var.readDb !== c.var.db;
  // Set before the handler: a write that fails half-way may still have committed something.
  if (replicated)
    setCookie(c, RECENT_WRITE_COOKIE, String(c.var.now.getTime() + READ_YOUR_WRITES_MS), {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: Math.ceil(READ_YOUR_WRITES_MS / 1000),
    });
  await next();
};

const crossSite = crossSiteGuard(() => ({ trustedOrigins: getConfig().TRUSTED_ORIGINS }));
/**
 * What every write passes: the cross-site guard, then the read-your-writes mark. Raw routes that change
 * state (a cookie-setting link) use it too.
 */
export const writeGuard: MiddlewareHandler<AppEnv> = (c, next) =>
  crossSite(c, () => markRecentWrite(c, next));

/**
 * A 'read' route's handler runs on the read database (a replica when configured; see AppEnv.readDb),
 * unless the caller wrote within READ_YOUR_WRITES_MS (then on the primary, which has its write) or
 * reads because a push announced someone else's write (AFTER_PUSH_HEADER: the primary has it).
 */
const onReadDb = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  const wroteUntil = Number(getCookie(c, RECENT_WRITE_COOKIE));
  const recentWrite =
    wroteUntil > c.var.now.getTime() && wroteUntil <= c.var.now.getTime() + READ_YOUR_WRITES_MS;
  if (!recentWrite && !c.req.header(AFTER_PUSH_HEADER)) c.set('db', c.var.readDb);
  await next();
};
/** Names the matched route for the request-latency metric (lib/ops/metrics.ts): its pattern, not the URL. */
const labelRoute =
  (path: string): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    c.set('route', path);
    return next();
  };

/** The reason a staff write without one of its own accepts (the console's dialogs send it). */
const staffReason = {
  reason_code: z.string().trim().max(40).optional(),
  reason: z.string().trim().max(REASON_TEXT_MAX).optional(),
};

const TARGET_FIELDS = ['id', 'user_id', 'uid', 'room_id', 'order_no', 'word'] as const;

/**
 * The audit entry of a staff write that succeeded: who (id, role, address), what (the route, its target:
 * the handler's `auditChange`, else the path's resource and the input's id-like field), the values before
 * and after (the handler's, else only after: the input and what the route answered), and the reason.
 */
async function audit(c: Context<AppEnv>, path: string, input: unknown, output: unknown) {
  if (!c.var.audit || !c.var.user) return;
  const fields = (input ?? {}) as Record<string, unknown>;
  const detail = c.var.auditDetail;
  const target = TARGET_FIELDS.find((field) => fields[field] !== undefined && fields[field] !== null);
  await c.var.audit(c.var.db, {
    at: c.var.now,
    actorId: c.var.user.id,
    actorRole: c.var.user.role,
    address: clientAddress(c.req.raw.headers),
    action: path,
    targetType: detail?.targetType ?? path.split('/')[3] ?? '',
    targetId: detail?.targetId !== undefined ? String(detail.targetId) : target ? String(fields[target]) : '',
    before: detail?.before,
    after: detail?.after !== undefined ? detail.after : { input, output },
    reason: auditReason(fields, detail),
  });
}

export function defineRoute<I extends z.ZodObject, O extends z.ZodType>(
  app: OpenAPIHono<AppEnv>,
  definition: RouteDefinition<I, O>,
  handler: (c: Context<AppEnv>, input: z.output<I>) => Promise<z.input<O>> | z.input<O>,
) {
  const declared = definition.input ?? z.object({});
  // Every staff write carries a reason (issue #41): a route that takes none of its own accepts the staff
  // member's `reason_code` and words (`reason`), which the audit entry records and the handler never sees.
  const added = (
    definition.staff && definition.effect === 'write'
      ? (Object.keys(staffReason) as (keyof typeof staffReason)[]).filter((key) => !(key in declared.shape))
      : []
  ).filter(() => !('reason' in declared.shape));
  const input = added.length
    ? declared.extend(Object.fromEntries(added.map((key) => [key, staffReason[key]])))
    : declared;
  const table = routeTables.get(app) ?? [];
  routeTables.set(app, table);
  table.push({
    path: definition.path,
    methods: definition.methods,
    effect: definition.effect,
    staff: definition.staff,
    input,
    fieldLabels: definition.fieldLabels,
  });
  for (const method of definition.methods) {
    app.openAPIRegistry.registerPath({
      method,
      path: definition.path,
      summary: definition.summary,
      tags: [definition.tag],
      request:
        method === 'get'
          ? { query: input }
          : {
              body: {
                content: {
                  'application/json': { schema: input },
                  'application/x-www-form-urlencoded': { schema: input },
                },
              },
            },
      responses: {
        200: definition.file
          ? {
              description: definition.file.description,
              content: { [definition.file.contentType]: { schema: z.string() } },
            }
          : {
              description: 'Success',
              content: { 'application/json': { schema: envelopeSchema(definition.output) } },
            },
        default: {
          description: 'Error (code 1) or login needed (code 700)',
          content: { 'application/json': { schema: errorEnvelopeSchema } },
        },
      },
    });
  }
  app.on(
    definition.methods.map((method) => method.toUpperCase()),
    [definition.path.toLowerCase()],
    labelRoute(definition.path),
    ...(definition.effect === 'write' ? [writeGuard] : [onReadDb]),
    ...(definition.staff ? [requireStaff(definition.staff)] : []),
    ...(definition.middleware ?? []),
    async (c: Context<AppEnv>) => {
      const strict = strictInput(input, await readInput(c));
      if (!strict.ok) throw new ValidationError([strict.issue], definition.fieldLabels);
      const parsed = input.safeParse(strict.value);
      if (!parsed.success) throw new ValidationError(parsed.error.issues, definition.fieldLabels);
      const handled = added.length
        ? Object.fromEntries(
            Object.entries(parsed.data as Record<string, unknown>).filter(
              ([key]) => !(added as string[]).includes(key),
            ),
          )
        : parsed.data;
      const data = definition.output.parse(await handler(c, handled as z.output<I>));
      if (definition.staff && definition.effect === 'write')
        await audit(c, definition.path, parsed.data, data);
      if (definition.file) return data as Response;
      return c.json({ code: CODE.OK, msg: '', data });
    },
  );
}
