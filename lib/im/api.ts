// Private messages, groups and the message centre. The spec names the group calls (§7 `group/*`,
// `live/groupList`, `getLiveGroupList`, `addshowGroup`) and `Push/getList`; what it leaves unnamed —
// the conversation list, a page of messages, send, mark read, block — is under `api/im/*`.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertNotMuted } from '@/lib/accounts/sanctions';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { PG_INT_MAX } from '@/lib/db/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { registerReportTarget } from '@/lib/moderation/report-targets';
import { imMessageSchema } from '@/lib/realtime/events';
import { CONVERSATION_PAGE, listConversations } from './conversation-list';
import {
  addGroupUsers,
  addressBook,
  addShowGroup,
  createGroup,
  crossCorrelation,
  destroyGroup,
  groupMembers,
  joinRoomGroup,
  myRoomGroups,
  recommendGroups,
  recommendUsers,
  roomGroups,
} from './groups';
import { listNotices, markNoticesRead, unreadNoticeCount } from './notices';
import { NOTICE_KINDS } from './schema';
import {
  assertMayMessage,
  blockUser,
  IM_TEXT_MAX,
  type ImContent,
  listBlocks,
  listImMessages,
  markConversationRead,
  openConversation,
  sendImMessage,
  unblockUser,
  unreadMessageCount,
} from './service';
import { imMessageOwner, restoreImMessage, takeDownImMessage } from './takedown';

const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const userIds = z.array(id).max(50);
const groupName = z.string().trim().min(1).max(30);

export const customSchema = z.object({
  title: z.string().trim().min(1).max(60),
  imageUrl: storedUrl({ max: 300 }),
  id: z.coerce.number().int().nonnegative().max(PG_INT_MAX),
  type: z.string().trim().min(1).max(20),
  price: z.coerce.number().int().nonnegative().max(100_000_000),
});

/** A message to a conversation (`conversation_id`) or to a user (`user_id`, the C2C made on first use). */
export const sendInput = z
  .object({
    conversation_id: id.optional(),
    user_id: id.optional(),
    type: z.enum(['text', 'image', 'custom']).default('text'),
    text: z.string().trim().min(1).max(IM_TEXT_MAX).optional(),
    url: storedUrl({ max: 300 }).optional(),
    custom: customSchema.optional(),
  })
  .refine((value) => (value.conversation_id === undefined) !== (value.user_id === undefined), {
    path: ['conversation_id'],
    message: 'conversation_id or user_id',
  })
  .refine((value) => value.type !== 'text' || value.text !== undefined, {
    path: ['text'],
    message: 'required',
  })
  .refine((value) => value.type !== 'image' || value.url !== undefined, {
    path: ['url'],
    message: 'required',
  })
  .refine((value) => value.type !== 'custom' || value.custom !== undefined, {
    path: ['custom'],
    message: 'required',
  });

function contentOf(input: z.infer<typeof sendInput>): ImContent {
  if (input.type === 'image') return { type: 'image', url: input.url! };
  if (input.type === 'custom') return { type: 'custom', custom: input.custom! };
  return { type: 'text', text: input.text! };
}

const conversationSchema = z.object({
  conversationID: z.number(),
  type: z.enum(['C2C', 'GROUP']),
  userProfile: z.object({ userID: z.number(), nick: z.string(), avatar: z.string() }).nullable(),
  group: z
    .object({
      name: z.string(),
      room_id: z.number().nullable(),
      owner_id: z.number().nullable(),
      dissolved: z.boolean(),
    })
    .nullable(),
  lastMessage: imMessageSchema.nullable(),
  unread: z.number(),
});

const groupSchema = z.object({
  group_id: z.number(),
  name: z.string(),
  owner_id: z.number().nullable(),
  room_id: z.number().nullable(),
  members: z.number(),
  joined: z.boolean(),
  created_at: z.date(),
});

const contactSchema = z.object({
  user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  is_anchor: z.boolean(),
});

const noticeSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  subject: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  actor: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }).nullable(),
  is_read: z.boolean(),
  created_at: z.date(),
});

const user = [requireUser];

function registerMessageRoutes(app: OpenAPIHono<AppEnv>) {
  const tag = 'Private messages';
  defineRoute(
    app,
    {
      path: '/api/im/conversations',
      effect: 'read',
      methods: ['get'],
      tag,
      summary:
        'The caller’s conversations, latest message first, a page at a time, with the last message and unread counts',
      middleware: user,
      input: z.object({
        page: z.coerce.number().int().min(1).max(1000).default(1),
        size: z.coerce.number().int().min(1).max(50).default(CONVERSATION_PAGE),
        /** The previous answer's `cursor`: the page after it (`page` then only names the page). */
        cursor: z.string().max(200).optional(),
        /** Just this conversation, when the caller is in it (an empty list otherwise). */
        conversation_id: id.optional(),
      }),
      output: z.object({
        list: z.array(conversationSchema),
        /** Unread messages over all the caller's conversations. */
        unread: z.number(),
        total: z.number(),
        page: z.number(),
        size: z.number(),
        cursor: z.string().nullable(),
      }),
    },
    (c, input) =>
      listConversations(c.var.db, c.var.user!.id, {
        page: input.page,
        size: input.size,
        cursor: input.cursor,
        conversationId: input.conversation_id,
      }),
  );
  defineRoute(
    app,
    {
      path: '/api/im/messages',
      effect: 'read',
      methods: ['get'],
      tag,
      summary: 'A conversation’s newest 15 messages, or the 15 before `before` (oldest first)',
      middleware: user,
      input: z.object({ conversation_id: id, before: messageId.optional() }),
      output: z.object({ list: z.array(imMessageSchema), has_more: z.boolean() }),
    },
    (c, input) =>
      listImMessages(c.var.db, {
        userId: c.var.user!.id,
        conversationId: input.conversation_id,
        before: input.before,
      }),
  );
  defineRoute(
    app,
    {
      path: '/api/im/open',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'The one-to-one conversation with a user, made on first use',
      middleware: user,
      input: z.object({ user_id: id }),
      output: z.object({ conversation_id: z.number() }),
    },
    (c, input) => openConversation(c.var.db, c.var.user!.id, input.user_id, c.var.now),
  );
  defineRoute(
    app,
    {
      path: '/api/im/send',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Send a text, image (own upload) or custom message; pushed to every member’s open tabs',
      middleware: user,
      input: sendInput,
      output: imMessageSchema,
    },
    async (c, input) => {
      const sender = c.var.user!;
      // A refused first message (a mute in force, a block) leaves no empty conversation behind.
      await assertNotMuted(c.var.db, sender.id, c.var.now);
      if (input.user_id) await assertMayMessage(c.var.db, sender.id, input.user_id);
      const conversationId =
        input.conversation_id ??
        (await openConversation(c.var.db, sender.id, input.user_id!, c.var.now)).conversation_id;
      return sendImMessage(c.var.db, { sender, conversationId, content: contentOf(input) }, c.var.now);
    },
  );
  defineRoute(
    app,
    {
      path: '/api/im/markRead',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Mark a conversation read up to its newest message',
      middleware: user,
      input: z.object({ conversation_id: id }),
      output: z.object({ conversation_id: z.number(), user_id: z.number(), last_read_id: z.number() }),
    },
    (c, input) => markConversationRead(c.var.db, c.var.user!.id, input.conversation_id),
  );
  defineRoute(
    app,
    {
      path: '/api/im/unread',
      effect: 'read',
      methods: ['get'],
      tag,
      summary: 'Unread private messages and unread notices (the top bar’s badges)',
      middleware: user,
      output: z.object({ messages: z.number(), notices: z.number() }),
    },
    async (c) => ({
      messages: await unreadMessageCount(c.var.db, c.var.user!.id),
      notices: await unreadNoticeCount(c.var.db, c.var.user!.id),
    }),
  );
  const blockOutput = z.object({ user_id: z.number(), blocked: z.boolean() });
  defineRoute(
    app,
    {
      path: '/api/im/block',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Block a user: their private messages to the caller are refused',
      middleware: user,
      input: z.object({ user_id: id }),
      output: blockOutput,
    },
    (c, input) => blockUser(c.var.db, c.var.user!.id, input.user_id, c.var.now),
  );
  defineRoute(
    app,
    {
      path: '/api/im/unblock',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Lift a block',
      middleware: user,
      input: z.object({ user_id: id }),
      output: blockOutput,
    },
    (c, input) => unblockUser(c.var.db, c.var.user!.id, input.user_id),
  );
  defineRoute(
    app,
    {
      path: '/api/im/blockList',
      effect: 'read',
      methods: ['get'],
      tag,
      summary: 'The users the caller blocked',
      middleware: user,
      output: z.array(z.object({ user_id: z.number(), nickname: z.string(), avatar: z.string() })),
    },
    (c) => listBlocks(c.var.db, c.var.user!.id),
  );
}

function registerGroupRoutes(app: OpenAPIHono<AppEnv>) {
  const tag = 'Groups';
  defineRoute(
    app,
    {
      path: '/api/group/getRecommendUserList',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'Popular streamers the caller has not talked to yet',
      middleware: user,
      output: z.array(contactSchema.extend({ fans: z.number() })),
    },
    (c) => recommendUsers(c.var.db, c.var.user!.id),
  );
  defineRoute(
    app,
    {
      path: '/api/group/getRecommendGroupList',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'Live rooms’ fan groups the caller is not in, biggest first',
      middleware: user,
      output: z.array(groupSchema),
    },
    (c) => recommendGroups(c.var.db, c.var.user!.id),
  );
  defineRoute(
    app,
    {
      path: '/api/group/addressBook',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'Address book: people the caller has talked to, then streamers they follow',
      middleware: user,
      output: z.array(contactSchema),
    },
    (c) => addressBook(c.var.db, c.var.user!.id),
  );
  defineRoute(
    app,
    {
      path: '/api/group/addgroup',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Create a private group with the users invited',
      middleware: user,
      input: z.object({ name: groupName, user_ids: userIds.default([]) }),
      output: groupSchema,
    },
    (c, input) =>
      createGroup(c.var.db, c.var.user!.id, { name: input.name, userIds: input.user_ids }, c.var.now),
  );
  defineRoute(
    app,
    {
      path: '/api/group/addGroupUser',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'A member invites users into a group',
      middleware: user,
      input: z.object({ group_id: id, user_ids: userIds.min(1) }),
      output: z.object({ group_id: z.number(), added: z.number() }),
    },
    (c, input) =>
      addGroupUsers(
        c.var.db,
        c.var.user!.id,
        { groupId: input.group_id, userIds: input.user_ids },
        c.var.now,
      ),
  );
  defineRoute(
    app,
    {
      path: '/api/im/groupMembers',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'A group’s members (for a member), the owner first',
      middleware: user,
      input: z.object({ group_id: id }),
      output: z.array(contactSchema.extend({ is_owner: z.boolean() })),
    },
    (c, input) => groupMembers(c.var.db, c.var.user!.id, input.group_id),
  );
  defineRoute(
    app,
    {
      path: '/api/group/crossCorrelation',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'What links the caller to a user: groups both are in, follows either way',
      middleware: user,
      input: z.object({ user_id: id }),
      output: z.object({
        user_id: z.number(),
        common_groups: z.array(groupSchema),
        you_follow: z.boolean(),
        follows_you: z.boolean(),
      }),
    },
    (c, input) => crossCorrelation(c.var.db, c.var.user!.id, input.user_id),
  );
  defineRoute(
    app,
    {
      path: '/api/group/destroyGroupNew',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'The owner dissolves a group (its history stays)',
      middleware: user,
      input: z.object({ group_id: id }),
      output: z.object({ group_id: z.number() }),
    },
    (c, input) => destroyGroup(c.var.db, c.var.user!.id, input.group_id, c.var.now),
  );
  defineRoute(
    app,
    {
      path: '/api/live/addshowGroup',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'An anchor opens a fan group for their room',
      middleware: [requireAnchor],
      input: z.object({ name: groupName }),
      output: groupSchema,
    },
    (c, input) => addShowGroup(c.var.db, c.var.user!.id, input.name, c.var.now),
  );
  defineRoute(
    app,
    {
      path: '/api/live/groupList',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'A room’s fan groups, with whether the caller is in each',
      input: z.object({ room_id: id }),
      output: z.array(groupSchema),
    },
    (c, input) => roomGroups(c.var.db, input.room_id, c.var.user?.id ?? null),
  );
  defineRoute(
    app,
    {
      path: '/api/live/getLiveGroupList',
      effect: 'read',
      methods: ['post', 'get'],
      tag,
      summary: 'The live-room fan groups the caller belongs to',
      middleware: user,
      output: z.array(groupSchema),
    },
    (c) => myRoomGroups(c.var.db, c.var.user!.id),
  );
  defineRoute(
    app,
    {
      path: '/api/im/joinGroup',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Join a live room’s fan group (private groups are by invitation)',
      middleware: user,
      input: z.object({ group_id: id }),
      output: z.object({ group_id: z.number(), conversation_id: z.number() }),
    },
    (c, input) => joinRoomGroup(c.var.db, c.var.user!.id, input.group_id, c.var.now),
  );
}

function registerNoticeRoutes(app: OpenAPIHono<AppEnv>) {
  const tag = 'Message centre';
  defineRoute(
    app,
    {
      path: '/api/Push/getList',
      effect: 'read',
      methods: ['get'],
      tag,
      summary:
        'The message centre: notices newest first, 15 a page (`before` a notice id), and the unread count',
      middleware: user,
      input: z.object({ before: messageId.optional(), kind: z.enum(NOTICE_KINDS).optional() }),
      output: z.object({ list: z.array(noticeSchema), has_more: z.boolean(), unread: z.number() }),
    },
    (c, input) => listNotices(c.var.db, c.var.user!.id, input),
  );
  defineRoute(
    app,
    {
      path: '/api/Push/markRead',
      effect: 'write',
      methods: ['post'],
      tag,
      summary: 'Mark notices read: the ones named in `ids`, or all',
      middleware: user,
      input: z.object({ ids: z.array(messageId).max(100).optional() }),
      output: z.object({ unread: z.number() }),
    },
    (c, input) => markNoticesRead(c.var.db, c.var.user!.id, input.ids, c.var.now),
  );
}

export function registerImRoutes(app: OpenAPIHono<AppEnv>) {
  registerReportTarget('pm', imMessageOwner, takeDownImMessage, restoreImMessage);
  registerMessageRoutes(app);
  registerGroupRoutes(app);
  registerNoticeRoutes(app);
}
