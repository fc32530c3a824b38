// The console's users: search by id, mobile or nickname, a profile with wallet and history, and mutes and
// bans with a reason and an end time (lib/accounts/sanctions.ts). Moderators sanction; finance reads.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { LIFT_REASONS, REASON_TEXT_MAX, SANCTION_REASONS } from '@/lib/review/reasons';
import { searchUsers, userProfile } from './admin-users';
import { liftSanction, sanctionUser } from './sanctions';
import { SANCTION_KINDS } from './schema';

const userRow = z.object({
  id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string(),
  role: z.string(),
  is_anchor: z.boolean(),
  banned_until: z.date().nullable(),
  muted_until: z.date().nullable(),
  created_at: z.date(),
  last_login_at: z.date().nullable(),
});

const reasonSchema = {
  reason_code: z.enum(SANCTION_REASONS),
  reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
};

export function registerUserAdminRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/users/search',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'Users by id, mobile (its start) or nickname (any part), newest first',
      staff: ['moderator', 'finance'],
      input: z.object({ q: z.string().trim().min(1).max(32) }),
      output: z.object({ list: z.array(userRow) }),
    },
    async (c, input) => ({ list: await searchUsers(c.var.db, input.q) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/profile',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: "A user's profile, balances, latest wallet records and mutes and bans",
      staff: ['moderator', 'finance'],
      input: z.object({ id: z.coerce.number().int().positive() }),
      output: z.object({
        user: userRow.extend({ signature: z.string(), experience: z.number() }),
        balances: z.object({ star: z.number(), yellow: z.number(), coin: z.number() }),
        records: z.array(
          z.object({
            id: z.number(),
            kind: z.string(),
            currency: z.string(),
            amount: z.number(),
            created_at: z.string(),
          }),
        ),
        sanctions: z.array(
          z.object({
            id: z.number(),
            kind: z.enum(SANCTION_KINDS),
            reason_code: z.string(),
            note: z.string(),
            until: z.date(),
            actor_id: z.number(),
            created_at: z.date(),
            lifted_at: z.date().nullable(),
          }),
        ),
      }),
    },
    (c, { id }) => userProfile(c.var.db, id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/sanction',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Mutes (no writing) or bans (no sign-in, sessions ended) a user until an end time, with a reason',
      staff: ['moderator'],
      input: z.object({
        user_id: z.coerce.number().int().positive(),
        kind: z.enum(SANCTION_KINDS),
        until: z.coerce.date(),
        ...reasonSchema,
      }),
      output: z.object({ user_id: z.number(), kind: z.enum(SANCTION_KINDS), until: z.date() }),
    },
    async (c, input) => {
      const result = await sanctionUser(
        c.var.db,
        {
          userId: input.user_id,
          kind: input.kind,
          until: input.until,
          reasonCode: input.reason_code,
          note: input.reason,
          actorId: c.var.user!.id,
        },
        c.var.now,
      );
      auditChange(c, { targetType: 'user', before: result.before, after: result.after });
      return { user_id: input.user_id, kind: input.kind, until: input.until };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/lift',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Ends a current mute or ban now, with a reason',
      staff: ['moderator'],
      input: z.object({
        user_id: z.coerce.number().int().positive(),
        kind: z.enum(SANCTION_KINDS),
        reason_code: z.enum(LIFT_REASONS),
        reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
      }),
      output: z.object({ user_id: z.number(), kind: z.enum(SANCTION_KINDS) }),
    },
    async (c, input) => {
      const result = await liftSanction(
        c.var.db,
        {
          userId: input.user_id,
          kind: input.kind,
          reasonCode: input.reason_code,
          note: input.reason,
          actorId: c.var.user!.id,
        },
        c.var.now,
      );
      auditChange(c, { targetType: 'user', before: result.before, after: result.after });
      return { user_id: input.user_id, kind: input.kind };
    },
  );
}
