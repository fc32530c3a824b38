// Room chat calls: spec §7 `live/sendChatSensitive` (the chat box's send, through the sensitive-word
// check), `Barrage/send` and `Barrage/getList` (danmaku: the same messages fly over the video), and the
// portal's own `chat/*` (delete for everyone, the viewer's state, the room's chat settings).
// `registerChatRoutes` also registers the moderation calls.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { ensureRoom } from '@/lib/live/service';
import { registerReportTarget } from '@/lib/moderation/report-targets';
import { chatMessageSchema } from '@/lib/realtime/events';
import { channelInput, channelOf, oneChannel, oneChannelIssue } from './channel';
import { SLOW_MODE_CHOICES } from './limits';
import { registerChatModerationRoutes } from './moderation-api';
import {
  CHAT_PAGE,
  chatMessageOwner,
  deleteMessage,
  FEED_DELAY_MAX,
  listMessages,
  MESSAGE_MAX,
  restoreChatMessage,
  saveChatSettings,
  sendMessage,
  takeDownChatMessage,
  viewerState,
} from './service';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const sendInput = z
  .object({ ...channelInput, content: z.string().trim().min(1).max(MESSAGE_MAX), key: idempotencyKey })
  .refine(oneChannel, oneChannelIssue);

const listInput = z
  .object({
    ...channelInput,
    before: id.optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE).optional(),
  })
  .refine(oneChannel, oneChannelIssue);

const settingsSchema = z.object({
  sensitive_mode: z.enum(['mask', 'refuse']),
  slow_mode_seconds: z.number(),
  fans_only: z.boolean(),
  feed_delay_seconds: z.number(),
});

export function registerChatRoutes(app: OpenAPIHono<AppEnv>) {
  registerReportTarget('chat', chatMessageOwner, takeDownChatMessage, restoreChatMessage);
  for (const [path, methods, summary] of [
    [
      '/api/live/sendChatSensitive',
      ['post'],
      'Send a room-chat message (sensitive words masked or refused per room); `key` makes a retry safe: the same key answers the line already sent',
    ],
    [
      '/api/Barrage/send',
      ['get', 'post'],
      'Send a danmaku: a room-chat message that also flies over the video',
    ],
  ] as const) {
    defineRoute(
      app,
      {
        path,
        effect: 'write',
        methods: [...methods],
        tag: 'Chat',
        summary,
        middleware: [requireUser],
        input: sendInput,
        output: chatMessageSchema,
      },
      (c, input) =>
        sendMessage(
          c.var.db,
          { channel: channelOf(input), user: c.var.user!, content: input.content, key: input.key },
          c.var.now,
        ),
    );
  }

  defineRoute(
    app,
    {
      path: '/api/Barrage/getList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Chat',
      summary: "A chat's latest 50 messages, or the 50 before `before` (oldest first)",
      input: listInput,
      output: z.object({ list: z.array(chatMessageSchema), has_more: z.boolean() }),
    },
    (c, input) =>
      listMessages(
        c.var.db,
        {
          channel: channelOf(input),
          before: input.before,
          limit: input.limit,
          viewerId: c.var.user?.id ?? null,
        },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/chat/deleteMessage',
      effect: 'write',
      methods: ['post'],
      tag: 'Chat',
      summary: "Delete a message for everyone (the room's anchor, an administrator or an operator)",
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number() }),
    },
    (c, input) => deleteMessage(c.var.db, { id: input.id, user: c.var.user! }, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/chat/viewerState',
      effect: 'read',
      methods: ['get'],
      tag: 'Chat',
      summary: "The caller's place in a chat: moderator role, a mute in force, the room's slow mode",
      input: z.object(channelInput).refine(oneChannel, oneChannelIssue),
      output: z.object({
        role: z.enum(['anchor', 'admin', 'operator']).nullable(),
        /** The caller's nobility tier, 0 for none. */
        noble: z.number(),
        /** The room is in fans-only mode; `may_speak`: the caller may write all the same. */
        fans_only: z.boolean(),
        may_speak: z.boolean(),
        anchor_id: z.number().nullable(),
        muted: z.boolean(),
        muted_until: z.date().nullable(),
        slow_mode_seconds: z.number(),
        sensitive_mode: z.enum(['mask', 'refuse']),
        feed_delay_seconds: z.number(),
      }),
    },
    (c, input) => viewerState(c.var.db, channelOf(input), c.var.user, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/chat/setRoomSettings',
      effect: 'write',
      methods: ['post'],
      tag: 'Chat',
      summary:
        "The anchor's chat settings: sensitive words masked (***) or refused, slow mode in seconds, " +
        'fans-only (followers, moderators and nobles speak), and how many seconds their video runs behind ' +
        'the match data feed (0–120; match events wait as long)',
      middleware: [requireAnchor],
      input: z.object({
        sensitive_mode: z.enum(['mask', 'refuse']).optional(),
        slow_mode_seconds: z.coerce
          .number()
          .int()
          .refine((value) => (SLOW_MODE_CHOICES as readonly number[]).includes(value))
          .optional(),
        fans_only: z.boolean().optional(),
        feed_delay_seconds: z.coerce.number().int().min(0).max(FEED_DELAY_MAX).optional(),
      }),
      output: settingsSchema,
    },
    async (c, input) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      const saved = await saveChatSettings(c.var.db, room.id, {
        sensitiveMode: input.sensitive_mode,
        slowModeSeconds: input.slow_mode_seconds,
        fansOnly: input.fans_only,
        feedDelaySeconds: input.feed_delay_seconds,
      });
      return {
        sensitive_mode: saved.sensitiveMode,
        slow_mode_seconds: saved.slowModeSeconds,
        fans_only: saved.fansOnly,
        feed_delay_seconds: saved.feedDelaySeconds,
      };
    },
  );

  registerChatModerationRoutes(app);
}
