// The realtime protocol of spec §7, shared by the gateway and the browser. Client → server events
// are named by their type; every server → client message arrives on the `message` event.
// Zod's browser settings before any schema here parses (this module also runs in the browser).
import '@/lib/zod-browser';
import { z } from 'zod';

export const HEARTBEAT_SECONDS = 30;
export const SPORTS_MODE = 1;

export const CLIENT_EVENTS = {
  register: z.object({
    token: z.string().max(200).optional(),
    tourist_id: z.string().max(64).optional(),
    /** The built-in IM provider's login: a user's id (or the tourist id) with its chat signature. */
    user_id: z.number().int().positive().optional(),
    sig: z.string().max(200).optional(),
    type: z.number().int().default(SPORTS_MODE),
  }),
  toggle: z.object({ company_id: z.number().int().positive() }),
  classify: z.object({ classify_type: z.union([z.literal(0), z.literal(1)]) }),
  heartbeat: z.object({ time: z.number().optional() }),
  /** QR login: the desktop asks to hear about its code (spec §4). */
  login: z.object({ code: z.string().min(8).max(64) }),
  /** A viewer opens a live room: its pushes (heat, state) reach this socket; one room at a time. */
  joinRoom: z.object({ room_id: z.number().int().positive() }),
  /** A viewer opens /score-live: the match's chat reaches this socket; one match at a time. */
  joinMatch: z.object({ match_id: z.number().int().positive() }),
} as const;

export type ClientEvent = keyof typeof CLIENT_EVENTS;
export type ClientPayload<E extends ClientEvent> = z.input<(typeof CLIENT_EVENTS)[E]>;

/** Live-room event kinds kept in the shared live-event object (spec §3). */
export const LIVE_EVENT_KINDS = [
  'chat',
  'relieveTaboo',
  'gift',
  'setTaboo',
  'startRoom',
  'sealingStatu',
  'enterRoom',
  'setAdministrations',
  'endRoom',
  'heatUpdate',
] as const;

/** Kinds that belong to a live room only; the chat kinds below also serve a match's chat. */
const ROOM_ONLY_KINDS = [
  'gift',
  'startRoom',
  'sealingStatu',
  'enterRoom',
  'setAdministrations',
  'endRoom',
  'heatUpdate',
] as const;

/** One room-chat line (live room or match), as stored, listed and pushed. */
export const chatMessageSchema = z.object({
  id: z.number(),
  room_id: z.number().nullable(),
  match_id: z.number().nullable(),
  user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  level: z.number(),
  /** Whether the sender is a streamer (their card offers "follow"). */
  is_anchor: z.boolean(),
  /** Marked beside the name: the room's anchor, one of its administrators, or an operator. */
  role: z.enum(['anchor', 'admin', 'operator']).nullable(),
  content: z.string(),
  created_at: z.string(),
  /** The sender's nobility tier (1-5) while in force: a badge beside the name. */
  noble: z.number().optional(),
  /** The sender's badge in the room anchor's fan club: its name and their level (1-20). */
  fan: z.object({ name: z.string(), level: z.number() }).optional(),
  /** The badge colour the sender wears (a code of lib/chat/badge-colors.ts): it frames their name. */
  badge_color: z.string().optional(),
  /** A gift line ("X 送出 火箭 ×10"): the gift, named in every locale; `content` is the zh-CN text. */
  gift: z
    .object({ code: z.string(), names: z.record(z.string(), z.string()), count: z.number() })
    .nullable()
    .optional(),
  /** The viewer's own line held by a `review` word: shown to them alone, marked, until a moderator decides. */
  held: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A mute given or lifted (`setTaboo` / `relieveTaboo`). */
export const tabooSchema = z.object({
  user_id: z.number(),
  nickname: z.string(),
  /** 10, 60, 1440 minutes, or 0: until this broadcast ends. */
  minutes: z.number().optional(),
  until: z.string().nullable().optional(),
});

const chatTarget = { room_id: z.number().optional(), match_id: z.number().optional() };

export const goalEventSchema = z.object({
  match_id: z.number(),
  iszhu: z.union([z.literal(0), z.literal(1)]),
  match_str: z.string(),
  home_team_name_zh: z.string(),
  away_team_name_zh: z.string(),
  home_score: z.number(),
  away_score: z.number(),
  /** `replay` when the goal belongs to a replayed recording, so screens can say so. */
  source: z.string().optional(),
});

/** `gift` push (`data`): a gift sent in a live room, shown to everyone in it (ticker or full-width effect). */
export const giftPushSchema = z.object({
  send_id: z.number(),
  gift_id: z.number(),
  gift_code: z.string(),
  /** The gift's name in every locale; each browser shows its own. */
  gift_names: z.record(z.string(), z.string()),
  tier: z.enum(['small', 'big']),
  count: z.number(),
  /** 1 for a first send, n for the n-th of a combo (same sender, gift and room within seconds). */
  combo: z.number(),
  value: z.number(),
  sender: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
  anchor_id: z.number(),
  anchor_income: z.number(),
});
export type GiftPush = z.infer<typeof giftPushSchema>;

/** `horn` push (`data`): a global horn message, shown on every open page. */
export const hornPushSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  /** The sender's nobility tier, 0 for none. */
  noble: z.number(),
  content: z.string(),
  created_at: z.string(),
});
export type HornPush = z.infer<typeof hornPushSchema>;

/** `redEnvelope` push (`data`): a red envelope appeared in a live room. */
export const redEnvelopePushSchema = z.object({
  id: z.number(),
  room_id: z.number(),
  sender: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
  shares: z.number(),
  expires_at: z.string(),
});
export type RedEnvelopePush = z.infer<typeof redEnvelopePushSchema>;

/** One match's live state in a code-100 push (`data` is a list of these). */
export const matchUpdateSchema = z.object({
  match_id: z.number(),
  status: z.enum(['not_started', 'live', 'finished', 'abnormal']),
  period: z.string(),
  minute: z.number().nullable(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  source: z.string(),
  /** Date of the real match a replay plays again. */
  replay_of_date: z.string().nullable(),
});
export const matchUpdatesSchema = z.array(matchUpdateSchema);

/** A private or group message (spec §3 message), as listed and pushed to every member's sockets. */
export const imMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number(),
  name: z.string(),
  avatar: z.string(),
  type: z.enum(['text', 'image', 'custom']),
  text: z.string().nullable(),
  url: z.string().nullable(),
  custom: z
    .object({ title: z.string(), imageUrl: z.string(), id: z.number(), type: z.string(), price: z.number() })
    .nullable(),
  time: z.string(),
  /** C2C: whether the other side has read it. Groups: always false. */
  is_read: z.boolean(),
  /** Taken down by staff: a tombstone, its text, picture and card withheld from everyone. */
  removed: z.boolean(),
  /** Why it was taken down, shown to its sender only (null to everyone else). */
  removal_reason: z.string().nullable(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('registered'), user_id: z.number().nullable() }),
  z.object({ type: z.literal('heartbeat'), time: z.number() }),
  z.object({ code: z.literal(100), type: z.enum(['football', 'basketball', 'esports']), data: z.unknown() }),
  z.object({
    code: z.literal(200),
    type: z.enum(['scanCode_Login', 'webLoginSuccess']),
    token: z.string().optional(),
  }),
  z.object({ type: z.literal('goal'), data: goalEventSchema }),
  z.object({ type: z.literal('liveKickout'), room_id: z.number() }),
  /** A room's settings changed (title, announcement, cover, category, bound match): viewers refetch. */
  z.object({ type: z.literal('roomUpdate'), room_id: z.number() }),
  z.object({ type: z.literal('horn'), data: hornPushSchema }),
  z.object({ type: z.literal('redEnvelope'), room_id: z.number(), data: redEnvelopePushSchema }),
  /** A fun-guess of the room opened, took a stake, locked, settled or was cancelled: panels refetch. */
  z.object({
    type: z.literal('guess'),
    room_id: z.number(),
    data: z.object({ id: z.number(), status: z.enum(['open', 'locked', 'settled', 'cancelled']) }),
  }),
  /** A private or group message, to every member's sockets (the sender's other tabs included). */
  z.object({ type: z.literal('im'), data: imMessageSchema }),
  /**
   * Staff took a message down (a tombstone now) or an operator restored it: replaced in its thread,
   * to every member's sockets, each member's copy presented for them (the reason to the sender only).
   */
  z.object({ type: z.literal('imUpdate'), data: imMessageSchema }),
  /** A member read a conversation up to `last_read_id` (their other tabs clear, the sender sees 已读). */
  z.object({
    type: z.literal('imRead'),
    data: z.object({ conversation_id: z.number(), user_id: z.number(), last_read_id: z.number() }),
  }),
  /** The reader's message centre changed: `unread` notices now. */
  z.object({ type: z.literal('notice'), data: z.object({ unread: z.number() }) }),
  z.object({ type: z.literal('chat'), ...chatTarget, data: chatMessageSchema }),
  /** A room's pushes of one frame, in order (lib/realtime/frames.ts): `unpackMessages` hands each on. */
  z.object({ type: z.literal('batch'), data: z.array(z.unknown()) }),
  /** A moderator deleted a chat line for everyone. */
  z.object({ type: z.literal('chatDelete'), ...chatTarget, data: z.object({ id: z.number() }) }),
  /** An operator restored a chat line staff had taken down: back in its place among the lines. */
  z.object({ type: z.literal('chatRestore'), ...chatTarget, data: chatMessageSchema }),
  z.object({ type: z.literal('setTaboo'), ...chatTarget, data: tabooSchema }),
  z.object({ type: z.literal('relieveTaboo'), ...chatTarget, data: tabooSchema }),
  ...ROOM_ONLY_KINDS.map((kind) =>
    z.object({ type: z.literal(kind), room_id: z.number(), data: z.unknown() }),
  ),
]);

export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];

/** Socket.io rooms a socket can be in. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  company: (id: number) => `company:${id}`,
  classify: (type: 0 | 1) => `classify:${type}`,
  liveRoom: (id: number) => `live:${id}`,
  match: (id: number) => `match:${id}`,
  qrLogin: (id: number) => `qr:${id}`,
};

/**
 * The messages a raw `message` event carries, each checked: a `batch` (a room's frame) yields its
 * messages in order, anything else itself; what does not parse is dropped.
 */
export function unpackMessages(raw: unknown): Exclude<ServerMessage, { type: 'batch' }>[] {
  const parsed = serverMessageSchema.safeParse(raw);
  if (!parsed.success) return [];
  if (parsed.data.type !== 'batch') return [parsed.data as Exclude<ServerMessage, { type: 'batch' }>];
  return parsed.data.data.flatMap((inner) => {
    const message = serverMessageSchema.safeParse(inner);
    return message.success && message.data.type !== 'batch'
      ? [message.data as Exclude<ServerMessage, { type: 'batch' }>]
      : [];
  });
}
