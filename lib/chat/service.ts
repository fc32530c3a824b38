// Room chat (spec §2): a message is checked (kick-out, mute, sensitive words, rate limits), stored in
// Postgres, then pushed to the chat's socket room; the database is the truth and the last 50 load on
// entry, older pages on scroll. Text is stored and sent as text: screens render it as text, never HTML.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { levelOf } from '@/lib/accounts/level';
import { assertNotMuted } from '@/lib/accounts/sanctions';
import { users } from '@/lib/accounts/schema';
import { mayModerate, type Role, type SessionUser } from '@/lib/api/context';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { fanLevelOf } from '@/lib/fan-club/levels';
import { type FanBadge, fanBadgeOf, fanBadges } from '@/lib/fan-club/service';
import { isFollowing } from '@/lib/live/follows';
import { openBroadcast } from '@/lib/live/service';
import { roomKickouts } from '@/lib/moderation/schema';
import { nobilityInForce, nobleTiers } from '@/lib/nobility/service';
import type { ChatMessage } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { normalizeForMatch } from '@/lib/sensitive/normalize';
import { screenForReview } from '@/lib/sensitive/words';
import { wornBadgeColorSql, wornBadgeColors } from './badge-colors';
import {
  type Channel,
  type ChannelInfo,
  type ChannelRole,
  loadChannel,
  pushTargetOf,
  roleIn,
  socketRoomOf,
} from './channel';
import { spendChatAllowance } from './limits';
import { activeMute } from './moderation';
import { chatMessages, chatMutes, chatRoomSettings, roomAdmins } from './schema';
import { cachedChatState, chatStateKeys, invalidateChatState } from './state-cache';

export const MESSAGE_MAX = 500;
/** Messages loaded on entering a chat, and per older page. */
export const CHAT_PAGE = 50;

export type ChatSettings = {
  sensitiveMode: 'mask' | 'refuse';
  slowModeSeconds: number;
  /** Only the anchor's followers, moderators and nobles may speak. */
  fansOnly: boolean;
  /** Seconds the anchor's video runs behind the data feed (0–120): match events are held this long. */
  feedDelaySeconds: number;
};
const DEFAULT_SETTINGS: ChatSettings = {
  sensitiveMode: 'mask',
  slowModeSeconds: 0,
  fansOnly: false,
  feedDelaySeconds: 0,
};
/** The bounds of `feedDelaySeconds` (the anchor center's field, the API's validation, the column's check). */
export const FEED_DELAY_MAX = 120;

async function settingsRow(db: DbOrTx, channel: Channel): Promise<ChatSettings> {
  if (channel.kind !== 'live') return DEFAULT_SETTINGS;
  const [row] = await db.select().from(chatRoomSettings).where(eq(chatRoomSettings.roomId, channel.id));
  return row
    ? {
        sensitiveMode: row.sensitiveMode,
        slowModeSeconds: row.slowModeSeconds,
        fansOnly: row.fansOnly,
        feedDelaySeconds: row.feedDelaySeconds,
      }
    : DEFAULT_SETTINGS;
}

export const chatSettingsOf = settingsRow;

export async function saveChatSettings(db: DbOrTx, roomId: number, changes: Partial<ChatSettings>) {
  const current = await settingsRow(db, { kind: 'live', id: roomId });
  const next = {
    ...current,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  };
  await db
    .insert(chatRoomSettings)
    .values({ roomId, ...next })
    .onConflictDoUpdate({ target: chatRoomSettings.roomId, set: next });
  await invalidateChatState(chatStateKeys.channel('live', roomId));
  return next as ChatSettings;
}

/**
 * What a send checks about a chat, cached (see state-cache.ts): its anchor, settings, administrators,
 * and the few viewers under a kick-out or a mute when it was loaded (instants judged against `now` at
 * use). Every write to one of them invalidates the chat's entry.
 */
type ChannelState = {
  anchorId: number | null;
  settings: ChatSettings;
  adminIds: number[];
  kickouts: { userId: number; until: number }[];
  mutes: { userId: number; id: number; until: number | null }[];
};

export function channelState(db: DbOrTx, channel: Channel, now: Date): Promise<ChannelState> {
  return cachedChatState(chatStateKeys.channel(channel.kind, channel.id), async () => {
    const mutesOf = (openBroadcastId: number | null) =>
      db
        .select({ userId: chatMutes.userId, id: chatMutes.id, until: chatMutes.expiresAt })
        .from(chatMutes)
        .where(
          and(
            eq(chatMutes.channelKind, channel.kind),
            eq(chatMutes.channelId, channel.id),
            isNull(chatMutes.liftedAt),
            or(
              gt(chatMutes.expiresAt, now),
              openBroadcastId ? eq(chatMutes.broadcastId, openBroadcastId) : undefined,
            ),
          ),
        )
        .orderBy(desc(chatMutes.id));
    const mutesIn = (rows: Awaited<ReturnType<typeof mutesOf>>) =>
      rows.map((row) => ({ ...row, until: row.until?.getTime() ?? null }));
    if (channel.kind === 'match') {
      const [, mutes] = await Promise.all([loadChannel(db, channel), mutesOf(null)]);
      return {
        anchorId: null,
        settings: DEFAULT_SETTINGS,
        adminIds: [],
        kickouts: [],
        mutes: mutesIn(mutes),
      };
    }
    const [info, settings, admins, open, kickouts] = await Promise.all([
      loadChannel(db, channel),
      settingsRow(db, channel),
      db.select({ userId: roomAdmins.userId }).from(roomAdmins).where(eq(roomAdmins.roomId, channel.id)),
      openBroadcast(db, channel.id),
      db
        .select({ userId: roomKickouts.userId, until: roomKickouts.expiresAt })
        .from(roomKickouts)
        .where(and(eq(roomKickouts.roomId, channel.id), gt(roomKickouts.expiresAt, now))),
    ]);
    return {
      anchorId: info.anchorId,
      settings,
      adminIds: admins.map((row) => row.userId),
      kickouts: kickouts.map((row) => ({ userId: row.userId, until: row.until.getTime() })),
      mutes: mutesIn(await mutesOf(open?.id ?? null)),
    };
  });
}

/** The mute in force for a viewer, as `activeMute` finds it, from the cached state. */
function muteInForce(state: ChannelState, userId: number, now: Date) {
  const mute = state.mutes.find(
    (row) => row.userId === userId && (row.until === null || row.until > now.getTime()),
  );
  if (!mute) return null;
  return { id: mute.id, until: mute.until === null ? null : new Date(mute.until) };
}

function roleFrom(
  channel: Pick<ChannelState, 'anchorId' | 'adminIds'>,
  kind: Channel['kind'],
  user: SessionUser,
) {
  if (channel.anchorId === user.id) return 'anchor' as const;
  if (kind === 'live' && channel.adminIds.includes(user.id)) return 'admin' as const;
  if (mayModerate(user.role)) return 'operator' as const;
  return null;
}

type Row = {
  id: number;
  userId: number;
  content: string;
  createdAt: Date;
  nickname: string;
  avatar: string;
  experience: number;
  isAnchor: boolean;
  userRole: Role;
  gift?: ChatMessage['gift'];
  reviewStatus?: string;
};

function present(
  channel: Channel,
  row: Row,
  role: ChannelRole,
  noble = 0,
  fan?: FanBadge | null,
  badgeColor?: string | null,
): ChatMessage {
  return {
    id: row.id,
    room_id: channel.kind === 'live' ? channel.id : null,
    match_id: channel.kind === 'match' ? channel.id : null,
    user_id: row.userId,
    nickname: row.nickname,
    avatar: avatarOf({ id: row.userId, avatar: row.avatar }),
    level: levelOf(row.experience),
    is_anchor: row.isAnchor,
    role,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    ...(noble ? { noble } : {}),
    ...(fan ? { fan } : {}),
    ...(badgeColor ? { badge_color: badgeColor } : {}),
    ...(row.gift ? { gift: row.gift } : {}),
  };
}

/**
 * Fans-only mode (the anchor's switch): the anchor's followers, the chat's moderators and nobles
 * (a privilege of nobility) may speak; everyone else reads.
 */
async function maySpeak(db: DbOrTx, channel: ChannelInfo, userId: number, role: ChannelRole, noble: number) {
  if (role || noble || channel.anchorId === null) return true;
  return isFollowing(db, userId, channel.anchorId);
}

type SendInput = {
  channel: Channel;
  user: SessionUser;
  content: string;
  /** The sender's key for this line: a retry with it answers the line already stored. */
  key?: string | undefined;
};

/**
 * Sends a line. A send with a key the sender already used here answers that line: the first send's answer
 * was lost and this is its retry. The key is looked up only when the new send is refused (the retry meets the
 * duplicate rule, or slow mode) or its insert finds the key taken, so a first send costs no extra query.
 */
export async function sendMessage(db: DbOrTx, input: SendInput, now: Date) {
  try {
    return await sendNewLine(db, input, now);
  } catch (refusal) {
    const stored = input.key ? await lineOfKey(db, input.channel, input.user.id, input.key, now) : null;
    if (stored) return stored;
    throw refusal;
  }
}

async function sendNewLine(db: DbOrTx, input: SendInput, now: Date) {
  const { user } = input;
  await assertNotMuted(db, user.id, now);
  // One cached read (usually no query), then the insert and the push.
  const state = await channelState(db, input.channel, now);
  const channel: ChannelInfo = { ...input.channel, anchorId: state.anchorId };
  if (state.kickouts.some((row) => row.userId === user.id && row.until > now.getTime())) {
    throw new ForbiddenError('CHAT_KICKED_OUT');
  }
  const mute = muteInForce(state, user.id, now);
  if (mute) {
    throw mute.until
      ? new DomainError('CHAT_MUTED', {
          status: 403,
          values: { minutes: Math.max(1, Math.ceil((mute.until.getTime() - now.getTime()) / 60_000)) },
        })
      : new DomainError('CHAT_MUTED_BROADCAST', { status: 403 });
  }
  const role = roleFrom(state, channel.kind, user);
  const { settings } = state;
  if (settings.fansOnly) {
    const noble = (await nobleTiers(db, [user.id], now)).get(user.id) ?? 0;
    if (!(await maySpeak(db, channel, user.id, role, noble))) throw new ForbiddenError('CHAT_FANS_ONLY');
  }
  // A `review` word holds the line (as Douyu and Huya do): its sender sees it marked, the room nothing until
  // a moderator approves it (`decideHeldChatLine`).
  const screened = await screenForReview(db, input.content, now, settings.sensitiveMode);
  const content = screened.text;
  const held = screened.review;
  await spendChatAllowance({
    channel,
    userId: user.id,
    normalized: normalizeForMatch(input.content).text || input.content,
    slowModeSeconds: settings.slowModeSeconds,
    moderator: role !== null,
  });
  const stored = await storeLine(db, { channel, userId: user.id, content, now, held, key: input.key });
  // The key is taken: by this line's first send (then `sendMessage` answers it), or by a line elsewhere.
  if (!stored) throw new DomainError('IDEMPOTENCY_CONFLICT', { status: 409 });
  const message = present(
    channel,
    {
      id: stored.id,
      userId: user.id,
      content,
      createdAt: now,
      nickname: user.nickname,
      avatar: user.avatar,
      experience: user.experience,
      isAnchor: user.isAnchor,
      userRole: user.role,
    },
    role,
    stored.noble,
    stored.fan,
    stored.badgeColor,
  );
  if (held) return { ...message, held: true };
  publish({ room: socketRoomOf(channel) }, { type: 'chat', ...pushTargetOf(channel), data: message });
  return message;
}

/**
 * The line `userId` already sent to `channel` with `key`, as its send answered (marked `held` while it
 * waits for review); null when there is none. A key sent to another channel is not this send's.
 */
async function lineOfKey(db: DbOrTx, target: Channel, userId: number, key: string, now: Date) {
  const rows = await lineRows(db).where(
    and(
      eq(chatMessages.userId, userId),
      eq(chatMessages.clientKey, key),
      eq(chatMessages.channelKind, target.kind),
      eq(chatMessages.channelId, target.id),
      isNull(chatMessages.deletedAt),
      ne(chatMessages.reviewStatus, 'rejected'),
    ),
  );
  if (!rows.length) return null;
  const channel = await loadChannel(db, target);
  const [message] = await presentLines(db, channel, rows, now);
  return rows[0]!.reviewStatus === 'pending' ? { ...message!, held: true } : message!;
}

/**
 * Stores a checked line and reads the sender's badges (nobility tier, fan badge in the room anchor's
 * club, the badge colour worn) in the same statement: one round trip between the checks and the push,
 * where there were two.
 */
async function storeLine(
  db: DbOrTx,
  input: {
    channel: ChannelInfo;
    userId: number;
    content: string;
    now: Date;
    held: boolean;
    key: string | undefined;
  },
) {
  const { channel, userId, now } = input;
  const fanClub =
    channel.kind === 'live' && channel.anchorId !== null ? fanBadgeOf(db, channel.anchorId, userId) : null;
  const { rows } = await db.execute<{
    id: string | number;
    noble: number | null;
    fan_name: string | null;
    fan_intimacy: number | null;
    badge_color: string | null;
  }>(sql`
    with line as (
      insert into chat_messages (channel_kind, channel_id, user_id, content, created_at, review_status,
                                 client_key)
      values (${channel.kind}, ${channel.id}, ${userId}, ${input.content}, ${now.toISOString()},
              ${input.held ? 'pending' : 'approved'}, ${input.key ?? null})
      on conflict (user_id, client_key) where client_key is not null do nothing
      returning id)
    select line.id, n.tier as noble, ${fanClub ? sql`f.name` : sql`null`} as fan_name,
           ${fanClub ? sql`f.intimacy` : sql`null`} as fan_intimacy,
           ${wornBadgeColorSql(userId)} as badge_color
    from line
    left join (${nobilityInForce(db, userId, now)}) as n on true
    ${fanClub ? sql`left join (${fanClub}) as f on true` : sql``}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    noble: row.noble ?? 0,
    fan: row.fan_name === null ? null : { name: row.fan_name, level: fanLevelOf(row.fan_intimacy ?? 0) },
    badgeColor: row.badge_color,
  };
}

/**
 * The newest `limit` messages before `before` (an id), oldest first, with today's role marks; the
 * viewer's own lines still held for review among them, marked `held`.
 */
export async function listMessages(
  db: DbOrTx,
  input: { channel: Channel; before?: number; limit?: number; viewerId?: number | null },
  now: Date,
) {
  const channel = await loadChannel(db, input.channel);
  const limit = input.limit ?? CHAT_PAGE;
  const rows = await lineRows(db)
    .where(
      and(
        eq(chatMessages.channelKind, channel.kind),
        eq(chatMessages.channelId, channel.id),
        isNull(chatMessages.deletedAt),
        input.viewerId
          ? or(
              eq(chatMessages.reviewStatus, 'approved'),
              and(eq(chatMessages.reviewStatus, 'pending'), eq(chatMessages.userId, input.viewerId)),
            )
          : eq(chatMessages.reviewStatus, 'approved'),
        input.before ? lt(chatMessages.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const list = (await presentLines(db, channel, page, now)).map((message, at) =>
    page[at]!.reviewStatus === 'pending' ? { ...message, held: true } : message,
  );
  return { list, has_more: rows.length > limit };
}

/** Chat lines with their writers, as the chat shows them. */
function lineRows(db: DbOrTx) {
  return db
    .select({
      id: chatMessages.id,
      userId: chatMessages.userId,
      content: chatMessages.content,
      gift: chatMessages.gift,
      createdAt: chatMessages.createdAt,
      reviewStatus: chatMessages.reviewStatus,
      nickname: users.nickname,
      avatar: users.avatar,
      experience: users.experience,
      isAnchor: users.isAnchor,
      userRole: users.role,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId));
}

/** Lines as the chat shows them, with today's role marks and badges. */
async function presentLines(db: DbOrTx, channel: ChannelInfo, page: Row[], now: Date) {
  const [roles, tiers, fans, colors] = await Promise.all([
    rolesOf(db, channel, page),
    nobleTiers(
      db,
      page.map((row) => row.userId),
      now,
    ),
    fanBadges(
      db,
      channel.kind === 'live' ? channel.anchorId : null,
      page.map((row) => row.userId),
    ),
    wornBadgeColors(
      db,
      page.map((row) => row.userId),
    ),
  ]);
  return page.map((row) =>
    present(
      channel,
      row,
      roles.get(row.userId) ?? null,
      tiers.get(row.userId),
      fans.get(row.userId),
      colors.get(row.userId),
    ),
  );
}

async function rolesOf(db: DbOrTx, channel: ChannelInfo, rows: Row[]) {
  const roles = new Map<number, ChannelRole>();
  const ids = [...new Set(rows.map((row) => row.userId))];
  const admins =
    channel.kind === 'live' && ids.length
      ? await db
          .select({ userId: roomAdmins.userId })
          .from(roomAdmins)
          .where(and(eq(roomAdmins.roomId, channel.id), inArray(roomAdmins.userId, ids)))
      : [];
  const adminIds = new Set(admins.map((row) => row.userId));
  for (const row of rows) {
    roles.set(
      row.userId,
      row.userId === channel.anchorId
        ? 'anchor'
        : adminIds.has(row.userId)
          ? 'admin'
          : row.userRole === 'operator'
            ? 'operator'
            : null,
    );
  }
  return roles;
}

/** A moderator of the message's chat deletes it for everyone. */
export async function deleteMessage(
  db: DbOrTx,
  input: { id: number; user: Pick<SessionUser, 'id' | 'role'> },
  now: Date,
) {
  const [row] = await db
    .select({ kind: chatMessages.channelKind, channelId: chatMessages.channelId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, input.id), isNull(chatMessages.deletedAt)));
  if (!row) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND');
  const channel = await loadChannel(db, { kind: row.kind, id: row.channelId });
  if (!(await roleIn(db, channel, input.user))) throw new ForbiddenError('CHAT_MODERATOR_REQUIRED');
  await removeMessage(db, channel, input.id, input.user.id, now);
  return { id: input.id };
}

/** Deletes a line for everyone: marked deleted, and the viewers' pages drop it once the change commits. */
async function removeMessage(db: DbOrTx, channel: Channel, id: number, by: number, now: Date) {
  await db.update(chatMessages).set({ deletedAt: now, deletedBy: by }).where(eq(chatMessages.id, id));
  publish({ room: socketRoomOf(channel) }, { type: 'chatDelete', ...pushTargetOf(channel), data: { id } });
}

/** Pushes a restored line to the chat's viewers, presented as the history shows it. */
async function pushRestored(db: DbOrTx, target: Channel, id: number, now: Date) {
  const channel = await loadChannel(db, target);
  const rows = await lineRows(db).where(eq(chatMessages.id, id));
  const [message] = await presentLines(db, channel, rows, now);
  if (message)
    publish(
      { room: socketRoomOf(channel) },
      { type: 'chatRestore', ...pushTargetOf(channel), data: message },
    );
}

/** Who wrote a chat line still shown, for reports (null when it is gone or a gift line). */
export async function chatMessageOwner(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ownerId: chatMessages.userId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, id),
        isNull(chatMessages.deletedAt),
        isNull(chatMessages.gift),
        eq(chatMessages.reviewStatus, 'approved'),
      ),
    );
  return row ?? null;
}

/**
 * A moderator decides a line a `review` word held (the review queue's `chatMessage` source): approved, it is
 * said in the room now — it takes a new id and the approval's time, so it arrives at the bottom of every
 * viewer's chat and stays there after a reload (as Twitch and YouTube place approved held messages) — and is
 * pushed once the change commits, its sender's held copy taken off their page; refused, it is dropped (the
 * `chatDelete` push takes it off its sender's page). Throws `REVIEW_NOT_PENDING` when it is not held.
 */
export async function decideHeldChatLine(db: DbOrTx, id: number, approve: boolean, now: Date) {
  const pending = and(
    eq(chatMessages.id, id),
    eq(chatMessages.reviewStatus, 'pending'),
    isNull(chatMessages.deletedAt),
  );
  const [row] = await db
    .update(chatMessages)
    .set(
      approve
        ? {
            id: sql`nextval(pg_get_serial_sequence('chat_messages', 'id'))`,
            createdAt: now,
            reviewStatus: 'approved',
          }
        : { reviewStatus: 'rejected' },
    )
    .where(pending)
    .returning({
      shownId: chatMessages.id,
      userId: chatMessages.userId,
      kind: chatMessages.channelKind,
      channelId: chatMessages.channelId,
    });
  if (!row) throw new NotFoundError('REVIEW_NOT_PENDING');
  const target: Channel = { kind: row.kind, id: row.channelId };
  // The held copy leaves its sender's page either way (no one else has it).
  publish({ room: socketRoomOf(target) }, { type: 'chatDelete', ...pushTargetOf(target), data: { id } });
  if (approve) {
    const channel = await loadChannel(db, target);
    const [message] = await presentLines(
      db,
      channel,
      await lineRows(db).where(eq(chatMessages.id, row.shownId)),
      now,
    );
    if (message)
      publish({ room: socketRoomOf(channel) }, { type: 'chat', ...pushTargetOf(channel), data: message });
  }
  return { ...row, channel: `${row.kind}:${row.channelId}` };
}

/**
 * An upheld report takes a chat line down as the chat's moderator delete does (deleted for everyone,
 * viewers' pages drop it), by the moderator who decided. Null when it is already gone.
 */
export async function takeDownChatMessage(db: DbOrTx, id: number, input: { now: Date; actorId: number }) {
  const [row] = await db
    .select({
      kind: chatMessages.channelKind,
      channelId: chatMessages.channelId,
      userId: chatMessages.userId,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)));
  if (!row) return null;
  await removeMessage(db, { kind: row.kind, id: row.channelId }, id, input.actorId, input.now);
  const channel = `${row.kind}:${row.channelId}`;
  return {
    ownerId: row.userId,
    item: 'chatMessage',
    before: { type: 'chat', id, channel, deleted: false },
    after: { type: 'chat', id, channel, deleted: true },
  };
}

/**
 * An operator restores a chat line a moderator deleted: shown again in the room's history, and pushed back
 * to the chat's viewers once the change commits (`chatRestore`: their pages put it back in its place, as a
 * take-down's `chatDelete` took it out). Null when it is not deleted.
 */
export async function restoreChatMessage(db: DbOrTx, id: number, input: { now: Date }) {
  const [row] = await db
    .update(chatMessages)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(chatMessages.id, id), isNotNull(chatMessages.deletedAt)))
    .returning({
      userId: chatMessages.userId,
      kind: chatMessages.channelKind,
      channelId: chatMessages.channelId,
    });
  if (!row) return null;
  await pushRestored(db, { kind: row.kind, id: row.channelId }, id, input.now);
  const channel = `${row.kind}:${row.channelId}`;
  return {
    ownerId: row.userId,
    item: 'chatMessage',
    before: { type: 'chat', id, channel, deleted: true },
    after: { type: 'chat', id, channel, deleted: false },
  };
}

/** What the chat box needs to know about the viewer: their role and a mute in force. */
export async function viewerState(db: DbOrTx, channel: Channel, user: SessionUser | null, now: Date) {
  const info = await loadChannel(db, channel);
  const settings = await chatSettingsOf(db, info);
  const mute = user ? await activeMute(db, info, user.id, now) : null;
  const role = await roleIn(db, info, user);
  const noble = user ? ((await nobleTiers(db, [user.id], now)).get(user.id) ?? 0) : 0;
  return {
    role,
    noble,
    fans_only: settings.fansOnly,
    may_speak: !settings.fansOnly || (user ? await maySpeak(db, info, user.id, role, noble) : false),
    anchor_id: info.anchorId,
    muted: Boolean(mute),
    muted_until: mute?.until ?? null,
    slow_mode_seconds: settings.slowModeSeconds,
    sensitive_mode: settings.sensitiveMode,
    feed_delay_seconds: settings.feedDelaySeconds,
  };
}

/**
 * A gift as a line of the room's chat ("X 送出 火箭 ×10"), stored with the send (same transaction) so
 * it shows after a reload; each browser words it in its own language from `gift`.
 */
export function giftLine(
  db: DbOrTx,
  input: {
    roomId: number;
    sender: Pick<SessionUser, 'id' | 'nickname' | 'avatar' | 'experience' | 'isAnchor' | 'role'>;
    gift: { code: string; names: Record<string, string>; count: number };
    now: Date;
    /** The sender's fan badge in the room anchor's club, as the send left it. */
    fan?: FanBadge | null;
  },
) {
  const { sender, gift } = input;
  const content = `送出 ${gift.names['zh-CN'] ?? gift.code} ×${gift.count}`;
  return {
    /** The insert, for a CTE of the caller's statement (the send writes its records in one). */
    insert: sql`
      insert into chat_messages (channel_kind, channel_id, user_id, content, gift, created_at)
      values ('live', ${input.roomId}, ${sender.id}, ${content}, ${JSON.stringify(gift)}::jsonb,
              ${input.now.toISOString()})
      returning id`,
    /** The sender's nobility tier or null (its badge on the line), as a scalar subquery. */
    noble: sql`(select tier from (${nobilityInForce(db, sender.id, input.now)}) as n)`,
    /** The badge colour the sender wears or null, as a scalar subquery. */
    badgeColor: wornBadgeColorSql(sender.id),
    /** Its text (zh-CN), as stored. */
    content,
    /** The stored line as the `chat` push carries it (`fan`: the badge as the send left it). */
    message: (id: number, noble: number | null, badgeColor: string | null = null, fan = input.fan) =>
      present(
        { kind: 'live', id: input.roomId },
        {
          id,
          userId: sender.id,
          content,
          gift,
          createdAt: input.now,
          nickname: sender.nickname,
          avatar: sender.avatar,
          experience: sender.experience,
          isAnchor: sender.isAnchor,
          userRole: sender.role,
        },
        null,
        noble ?? 0,
        fan,
        badgeColor,
      ),
  };
}
