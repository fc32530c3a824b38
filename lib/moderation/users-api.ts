// The console's users: search by id, mobile or nickname, a profile with wallet and history, and mutes and
// bans with a reason and an end time (lib/accounts/sanctions.ts). Moderators sanction; finance reads.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { searchUsers, userProfile } from '@/lib/accounts/admin-users';
import { SANCTION_STAFF } from '@/lib/accounts/sanctions';
import { SANCTION_KINDS } from '@/lib/accounts/schema';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import {
  CONTENT_REJECT_REASONS,
  LIFT_REASONS,
  PROFILE_RESET_REASONS,
  REASON_TEXT_MAX,
  SANCTION_REASONS,
} from '@/lib/review/reasons';
import { recordLabelKey } from '@/lib/wallet/kinds';
import {
  addStaffNote,
  NOTE_MAX,
  PROFILE_FIELDS,
  removeContentInRange,
  resetProfileField,
} from './case-actions';
import { caseFile } from './case-file';
import { liftSanction, sanctionUser } from './user-sanctions';

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

const userId = z.coerce.number().int().positive().max(2_147_483_647);
const freeText = z.string().trim().max(REASON_TEXT_MAX).default('');

/** The default nickname a reset gives (the one registration gives, in the site's default language). */
const defaultNickname = (mobile: string) =>
  translator(DEFAULT_LOCALE)('accounts.defaultNickname', { digits: mobile.slice(-4) });

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
            /** The kind in the reader's words, as the person's own wallet records name it. */
            label: z.string(),
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
            lifted_by: z.number().nullable(),
          }),
        ),
      }),
    },
    async (c, { id }) => {
      const profile = await userProfile(c.var.db, id, c.var.now);
      const label = (kind: string, amount: number) =>
        c.var.t(`wallet.kinds.${recordLabelKey(kind, amount)}` as never);
      return {
        ...profile,
        records: profile.records.map((record) => ({
          ...record,
          label: label(record.kind, record.amount),
        })),
      };
    },
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
      staff: SANCTION_STAFF,
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
      staff: SANCTION_STAFF,
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

  defineRoute(
    app,
    {
      path: '/api/admin/users/caseFile',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        "A user's case file beside the profile: sign-ins, accounts sharing a device or address, reports made and received, latest content, staff notes",
      staff: ['moderator'],
      input: z.object({ id: userId }),
      output: z.unknown(),
    },
    (c, { id }) => caseFile(c.var.db, id, c.var.locale),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/note',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: "Adds a staff note to a user's case file (kept, never edited)",
      staff: ['moderator', 'finance'],
      input: z.object({ user_id: userId, body: z.string().trim().min(1).max(NOTE_MAX) }),
      output: z.object({ id: z.number(), user_id: z.number() }),
    },
    async (c, input) => {
      const note = await addStaffNote(
        c.var.db,
        { userId: input.user_id, authorId: c.var.user!.id, body: input.body },
        c.var.now,
      );
      auditChange(c, { targetType: 'user', after: { note: note.body, note_id: note.id }, reason: note.body });
      return { id: note.id, user_id: input.user_id };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/removeContent',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Takes down every post, video, comment and chat line a user wrote in a date range (at most 500), with a reason the user is told',
      staff: ['moderator'],
      input: z.object({
        user_id: userId,
        from: z.coerce.date(),
        to: z.coerce.date(),
        reason_code: z.enum(CONTENT_REJECT_REASONS),
        reason: freeText,
      }),
      output: z.object({ user_id: z.number(), removed: z.number() }),
    },
    async (c, input) => {
      const result = await removeContentInRange(
        c.var.db,
        {
          userId: input.user_id,
          from: input.from,
          to: input.to,
          reasonCode: input.reason_code,
          note: input.reason,
          actorId: c.var.user!.id,
        },
        c.var.now,
      );
      auditChange(c, { targetType: 'user', before: result.before, after: result.after });
      return { user_id: input.user_id, removed: result.count };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/users/resetProfile',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: "Resets a user's avatar or nickname to the default, with a reason the user is told",
      staff: ['moderator'],
      input: z.object({
        user_id: userId,
        field: z.enum(PROFILE_FIELDS),
        reason_code: z.enum(PROFILE_RESET_REASONS),
        reason: freeText,
      }),
      output: z.object({ user_id: z.number(), field: z.enum(PROFILE_FIELDS) }),
    },
    async (c, input) => {
      const result = await resetProfileField(
        c.var.db,
        {
          userId: input.user_id,
          field: input.field,
          defaultNickname,
          reasonCode: input.reason_code,
          note: input.reason,
          actorId: c.var.user!.id,
        },
        c.var.now,
      );
      auditChange(c, { targetType: 'user', before: result.before, after: result.after });
      return { user_id: input.user_id, field: input.field };
    },
  );
}
