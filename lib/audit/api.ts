// The audit log for operators: the console's list (the same filters, sort and paging as the page's URL),
// the chain check (against the latest signed checkpoint or a copy of one), and a day range exported as CSV
// or JSON. Reading it is an operator's job only; its signed head (`/api/audit/head`) is public.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { listDay, listTimeZone } from '@/lib/admin/list-input';
import { tableInput } from '@/lib/admin/table-query';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { auditSigner, CHECKPOINT_MESSAGE_FORMAT, latestCheckpoint } from './checkpoints';
import { AUDIT_TABLE, checkAuditChain, exportAudit, listAudit } from './query';

const day = listDay;
const timeZone = listTimeZone;

const entry = z.object({
  id: z.number(),
  at: z.coerce.date(),
  actorId: z.number(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  address: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});

const checkpoint = z.object({
  seq: z.number(),
  entryId: z.number(),
  hash: z.string(),
  at: z.string(),
  keyId: z.string(),
  signature: z.string(),
});

/** A checkpoint given to the chain check (a copy from the logs or from `/api/audit/head`): all or nothing. */
const checkpointInput = z
  .object({
    seq: z.coerce.number().int().min(1).optional(),
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    at: z.iso.datetime().optional(),
    key_id: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
    signature: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
  })
  .superRefine((input, context) => {
    const given = Object.values(input).some((value) => value !== undefined);
    for (const field of ['seq', 'hash', 'at'] as const)
      if (given && input[field] === undefined)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'required',
          params: { i18n: 'required' },
        });
  });

const CHECKPOINT_LABELS = {
  seq: 'admin.audit.chain.fields.seq',
  hash: 'admin.audit.chain.fields.hash',
  at: 'admin.audit.chain.fields.at',
  key_id: 'admin.audit.chain.fields.keyId',
  signature: 'admin.audit.chain.fields.signature',
};

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/audit/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The audit log: who did what to which target, with values before and after and the reason',
      staff: [],
      // The log's target is a kind of object and its id, not a reported one (the shared labels).
      fieldLabels: { target: 'admin.audit.filters.target', target_id: 'admin.audit.filters.targetId' },
      input: tableInput(AUDIT_TABLE).extend({
        actor: z.string().trim().max(40).optional(),
        role: z.enum(['operator', 'moderator', 'finance']).optional(),
        action: z.string().trim().max(120).optional(),
        target: z.string().trim().max(40).optional(),
        target_id: z.string().trim().max(64).optional(),
        from: day.optional(),
        to: day.optional(),
        time_zone: timeZone,
      }),
      output: z.object({ rows: z.array(entry), total: z.number() }),
    },
    (c, { page, size, sort, dir, time_zone, ...filters }) =>
      listAudit(c.var.db, { page, pageSize: size, sort, dir, filters }, time_zone),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/audit/verify',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Recompute the audit chain and hold it against a signed checkpoint (the latest stored one, or the copy given): names the first entry that does not match, a cut tail, a rewritten entry or a bad signature',
      staff: [],
      fieldLabels: CHECKPOINT_LABELS,
      input: checkpointInput,
      output: z.object({
        ok: z.boolean(),
        entries: z.number(),
        brokenAt: z.number().optional(),
        broken: entry.nullable(),
        signing: z.enum(['signed', 'unsigned']),
        archived: z
          .object({
            seq: z.number(),
            entryId: z.number(),
            signature: z.enum(['valid', 'invalid', 'unsigned']),
          })
          .nullable(),
        checkpoint: z
          .object({
            seq: z.number(),
            hash: z.string(),
            at: z.string(),
            keyId: z.string(),
            source: z.enum(['stored', 'given']),
            signature: z.enum(['valid', 'invalid', 'unsigned']),
            result: z.enum(['matches', 'cut_tail', 'rewritten', 'bad_signature', 'archived']),
          })
          .nullable(),
      }),
    },
    // On a read replica: a copy newer than what the replica has replayed reads as a cut tail until it catches up.
    (c, { seq, hash, at, key_id, signature }) =>
      checkAuditChain(c.var.db, {
        signer: auditSigner(),
        checkpoint:
          seq !== undefined && hash && at
            ? { seq, hash, at, keyId: key_id ?? '', signature: signature ?? '' }
            : undefined,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/audit/head',
      effect: 'read',
      methods: ['get'],
      tag: 'System',
      summary:
        "The audit log's latest signed checkpoint (or the newest at or before entry `seq`) and the public key that verifies it: keep copies anywhere, then hand one to the chain check",
      fieldLabels: { seq: CHECKPOINT_LABELS.seq },
      input: z.object({ seq: z.coerce.number().int().min(1).optional() }),
      output: z.object({
        signing: z.enum(['signed', 'unsigned']),
        keyId: z.string().nullable(),
        /** SPKI PEM of the Ed25519 key: `crypto.verify(null, message, publicKey, signature)`. */
        publicKey: z.string().nullable(),
        /** What the signature covers, with `{seq}`, `{hash}` and `{at}` in place. */
        message: z.string(),
        checkpoint: checkpoint.nullable(),
      }),
    },
    async (c, { seq }) => {
      const signer = auditSigner();
      return {
        signing: signer ? ('signed' as const) : ('unsigned' as const),
        keyId: signer?.keyId ?? null,
        publicKey: signer?.publicKey ?? null,
        message: CHECKPOINT_MESSAGE_FORMAT,
        checkpoint: await latestCheckpoint(c.var.db, seq),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/audit/export',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The audit entries of a day range (both days included) as a CSV or JSON file',
      staff: [],
      input: z
        .object({ from: day, to: day, format: z.enum(['csv', 'json']).default('csv'), time_zone: timeZone })
        .refine((range) => range.from <= range.to, { message: 'from', path: ['from'] }),
      output: z.object({ filename: z.string(), body: z.string(), count: z.number(), truncated: z.boolean() }),
    },
    (c, { time_zone, ...range }) => exportAudit(c.var.db, range, time_zone),
  );
}
