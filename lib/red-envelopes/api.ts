// Red-envelope calls of spec §7: `api/Redenvelope/insert` (put star diamonds in a live room),
// `getRedInfo` (one envelope's result, or a room's open ones) and `receiveRed` (grab a share).

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { avatarOf } from '@/lib/accounts/avatars';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { claimEnvelope, createEnvelope, envelopeInfo, openEnvelopes } from './service';

const person = z.object({ id: z.number(), nickname: z.string(), avatar: z.string() });
const openSchema = z.object({
  id: z.number(),
  room_id: z.number(),
  shares: z.number(),
  left: z.number(),
  expires_at: z.string(),
  sender: person,
});
const infoSchema = z.object({
  id: z.number(),
  room_id: z.number(),
  sender: person,
  amount: z.number(),
  shares: z.number(),
  claimed_shares: z.number(),
  claimed_amount: z.number(),
  expired: z.boolean(),
  refunded: z.number(),
  expires_at: z.string(),
  mine: z.number().nullable(),
  claims: z.array(
    z.object({
      user_id: z.number(),
      nickname: z.string(),
      avatar: z.string(),
      amount: z.number(),
      claimed_at: z.string(),
    }),
  ),
});

export function registerRedEnvelopeRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Redenvelope/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'Red envelopes',
      summary:
        'Puts star diamonds in a live room as a red envelope of `num` random shares (at least 1 diamond each); unclaimed shares return after 10 minutes; `pay_password` when the sender has set one. `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({
        room_id: id,
        amount: z.coerce.number(),
        num: z.coerce.number(),
        pay_password: z.string().max(32).optional(),
        key: idempotencyKey,
      }),
      output: z.object({
        id: z.number(),
        amount: z.number(),
        shares: z.number(),
        expires_at: z.string(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const user = c.var.user!;
      await assertSpendPassword(c.var.db, user.id, input.pay_password);
      const outcome = await createEnvelope(c.var.db, {
        senderId: user.id,
        roomId: input.room_id,
        amount: input.amount,
        shares: input.num,
        key: input.key ?? crypto.randomUUID(),
        now: c.var.now,
      });
      const created = outcome.result;
      if (!outcome.replayed) {
        publish(
          { room: rooms.liveRoom(input.room_id) },
          {
            type: 'redEnvelope',
            room_id: input.room_id,
            data: {
              id: created.id,
              room_id: input.room_id,
              sender: { id: user.id, nickname: user.nickname, avatar: avatarOf(user) },
              shares: created.shares,
              expires_at: created.expires_at,
            },
          },
        );
      }
      return { ...created, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Redenvelope/getRedInfo',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Red envelopes',
      summary:
        "`red_id`: one envelope — who grabbed how much, the caller's share; `room_id`: the room's open envelopes",
      input: z.object({ red_id: id.optional(), room_id: id.optional() }),
      output: z.object({ info: infoSchema.nullable(), list: z.array(openSchema) }),
    },
    async (c, input) => {
      if (input.red_id)
        return {
          info: await envelopeInfo(c.var.db, input.red_id, c.var.user?.id ?? null, c.var.now),
          list: [],
        };
      if (input.room_id) return { info: null, list: await openEnvelopes(c.var.db, input.room_id, c.var.now) };
      throw new DomainError('VALIDATION');
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Redenvelope/receiveRed',
      effect: 'write',
      methods: ['post'],
      tag: 'Red envelopes',
      summary: 'Grabs one share of a red envelope (once per user); `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({ red_id: id, key: idempotencyKey }),
      output: z.object({
        envelope_id: z.number(),
        amount: z.number(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const outcome = await claimEnvelope(c.var.db, {
        userId: c.var.user!.id,
        envelopeId: input.red_id,
        key: input.key ?? crypto.randomUUID(),
        now: c.var.now,
      });
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );
}
