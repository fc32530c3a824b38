// Fan clubs (粉丝团): joining (free, or paid in star diamonds through the ledger — the anchor earns
// yellow diamonds at the gift share, the fan earns experience like a gift), leaving, intimacy from
// gifts (one call inside the gift send's transaction) and from watch time (heartbeats of a signed-in
// member's open room page, counted between beats at most 150 s apart, capped per UTC+8 day), the
// member ranking, and the badge shown beside a name in the anchor's room chat.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { liveRooms } from '@/lib/live/schema';
import { refuseSensitive } from '@/lib/sensitive/words';
import { type Leg, runOperation } from '@/lib/wallet/ledger';
import {
  FAN_NAME_MAX_WIDTH,
  FAN_PRICE_MAX,
  fanLevelOf,
  fanProgress,
  INTIMACY_PER_DIAMOND,
  INTIMACY_PER_WATCH_STEP,
  nameWidth,
  WATCH_DAILY_CAP,
  WATCH_STEP_SECONDS,
} from './levels';
import { fanClubMembers, fanClubs } from './schema';

/** Heartbeats further apart than this count nothing for the gap (the page was closed or asleep). */
export const WATCH_BEAT_MAX_GAP_MS = 150_000;
/** Members the club's ranking lists. */
export const FAN_RANK_SIZE = 50;
const HOME_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** The UTC+8 day of an instant, as days since 1970-01-01: the watch cap's day. */
export const homeDayOf = (now: Date) => Math.floor((now.getTime() + HOME_OFFSET_MS) / DAY_MS);

/** The badge beside a member's name in the anchor's room chat. */
export type FanBadge = { name: string; level: number };

/** A club's name before the anchor chose one: the start of their nickname (letters and digits). */
export function defaultClubName(nickname: string) {
  let name = '';
  for (const char of nickname) {
    if (!/[\p{L}\p{N}]/u.test(char)) continue;
    if (nameWidth(name + char) > FAN_NAME_MAX_WIDTH) break;
    name += char;
  }
  return name || '粉丝';
}

async function anchorOf(db: DbOrTx, anchorId: number) {
  const [anchor] = await db
    .select({ id: users.id, nickname: users.nickname, isAnchor: users.isAnchor })
    .from(users)
    .where(eq(users.id, anchorId));
  if (!anchor?.isAnchor) throw new NotFoundError('FAN_CLUB_NOT_FOUND');
  return anchor;
}

/** The club's settings; an anchor who never set them has a free club named after them. */
async function settingsOf(db: DbOrTx, anchorId: number) {
  const anchor = await anchorOf(db, anchorId);
  const [club] = await db.select().from(fanClubs).where(eq(fanClubs.anchorId, anchorId));
  return {
    anchor,
    name: club?.name ?? defaultClubName(anchor.nickname),
    price: club?.joinPrice ?? 0,
    configured: Boolean(club),
  };
}

/** The anchor sets the badge name (width ≤ 6, letters and digits, no listed word) and the price. */
export async function saveClubSettings(
  db: DbOrTx,
  input: { anchorId: number; name: string; price: number; now: Date },
) {
  const name = input.name.normalize('NFKC').trim();
  if (!name || !/^[\p{L}\p{N}]+$/u.test(name) || nameWidth(name) > FAN_NAME_MAX_WIDTH)
    throw new DomainError('FAN_CLUB_NAME_INVALID');
  if (!Number.isSafeInteger(input.price) || input.price < 0 || input.price > FAN_PRICE_MAX)
    throw new DomainError('FAN_CLUB_PRICE_INVALID', { values: { max: FAN_PRICE_MAX } });
  await refuseSensitive(db, name, input.now);
  await anchorOf(db, input.anchorId);
  await db
    .insert(fanClubs)
    .values({ anchorId: input.anchorId, name, joinPrice: input.price, updatedAt: input.now })
    .onConflictDoUpdate({
      target: fanClubs.anchorId,
      set: { name, joinPrice: input.price, updatedAt: input.now },
    });
  return { name, price: input.price };
}

type MemberRow = typeof fanClubMembers.$inferSelect;

function mineOf(row: MemberRow, now: Date) {
  const progress = fanProgress(row.intimacy);
  return {
    intimacy: row.intimacy,
    level: progress.level,
    level_floor: progress.floor,
    next_level_at: progress.next,
    today_watch: row.watchDay === homeDayOf(now) ? row.watchIntimacy : 0,
    watch_cap: WATCH_DAILY_CAP,
    joined_at: row.joinedAt.toISOString(),
  };
}

/** The club as the room's dialog shows it: name, price, members, and the viewer's standing. */
export async function clubInfo(db: DbOrTx, anchorId: number, viewerId: number | null, now: Date) {
  const settings = await settingsOf(db, anchorId);
  const [[count], mine] = await Promise.all([
    db
      .select({ members: sql<number>`count(*)::int` })
      .from(fanClubMembers)
      .where(eq(fanClubMembers.anchorId, anchorId)),
    viewerId
      ? db
          .select()
          .from(fanClubMembers)
          .where(and(eq(fanClubMembers.anchorId, anchorId), eq(fanClubMembers.userId, viewerId)))
      : Promise.resolve([]),
  ]);
  return {
    anchor_id: anchorId,
    anchor_nickname: settings.anchor.nickname,
    name: settings.name,
    price: settings.price,
    members: count!.members,
    mine: mine[0] ? mineOf(mine[0], now) : null,
  };
}

/** Members by intimacy, highest first (ties: who joined first). */
export async function clubRanking(db: DbOrTx, anchorId: number, limit = FAN_RANK_SIZE) {
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      intimacy: fanClubMembers.intimacy,
    })
    .from(fanClubMembers)
    .innerJoin(users, eq(users.id, fanClubMembers.userId))
    .where(eq(fanClubMembers.anchorId, anchorId))
    .orderBy(desc(fanClubMembers.intimacy), asc(fanClubMembers.joinedAt), asc(users.id))
    .limit(limit);
  return rows.map((row, index) => ({
    rank: index + 1,
    user_id: row.id,
    nickname: row.nickname,
    avatar: avatarOf(row),
    intimacy: row.intimacy,
    level: fanLevelOf(row.intimacy),
  }));
}

export type JoinResult = {
  anchor_id: number;
  name: string;
  paid: number;
  anchor_income: number;
  /** The fan's star diamonds after a paid join (null for a free one). */
  balance: number | null;
};

async function insertMember(tx: Tx, anchorId: number, userId: number, name: string, paid: number, now: Date) {
  // The club row exists once anyone joined, so badges can join on it.
  await tx.insert(fanClubs).values({ anchorId, name, joinPrice: paid, updatedAt: now }).onConflictDoNothing();
  const inserted = await tx
    .insert(fanClubMembers)
    .values({ anchorId, userId, paid, joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: fanClubMembers.userId });
  if (!inserted.length) throw new DomainError('FAN_CLUB_ALREADY_JOINED');
}

/**
 * Joins a club at its current price. `expectedPrice` (what the dialog showed) refuses the join when
 * the anchor changed the price meanwhile. A paid join is one ledger operation under `key`: a retry
 * returns the first result, and a refusal (already a member, too few diamonds) moves nothing.
 */
export async function joinClub(
  db: DbOrTx,
  input: {
    userId: number;
    anchorId: number;
    expectedPrice?: number;
    /** Before a paid join moves money (the payment password); a free join has no such step. */
    beforePaying?: () => Promise<void>;
    key: string;
    anchorShare: number;
    now: Date;
  },
) {
  if (input.userId === input.anchorId) throw new DomainError('FAN_CLUB_OWN');
  const settings = await settingsOf(db, input.anchorId);
  const price = settings.price;
  if (input.expectedPrice !== undefined && input.expectedPrice !== price)
    throw new DomainError('FAN_CLUB_PRICE_CHANGED', { values: { price } });
  const base = { anchor_id: input.anchorId, name: settings.name, paid: price };
  if (price === 0) {
    await db.transaction((tx) => insertMember(tx, input.anchorId, input.userId, settings.name, 0, input.now));
    return { result: { ...base, anchor_income: 0, balance: null } as JoinResult, replayed: false };
  }
  await input.beforePaying?.();
  const anchorIncome = Math.floor((price * input.anchorShare) / 100);
  const fan = { user: input.userId };
  const outcome = await runOperation<JoinResult>(db, {
    key: `fanclub:${input.userId}:${input.key}`,
    kind: 'fan_club',
    userId: input.userId,
    payload: { anchor: input.anchorId, price },
    now: input.now,
    prepare: async (tx) => {
      await insertMember(tx, input.anchorId, input.userId, settings.name, price, input.now);
      const legs: Leg[] = [
        { from: fan, to: { system: 'revenue' }, currency: 'star', amount: price },
        // Spec §9: 1 diamond spent = 1 experience point (kept in tenths), as for gifts.
        { from: { system: 'mint' }, to: fan, currency: 'exp', amount: price * 10 },
      ];
      if (anchorIncome > 0)
        legs.push({
          from: { system: 'mint' },
          to: { user: input.anchorId },
          currency: 'yellow',
          amount: anchorIncome,
        });
      return { legs, result: { ...base, anchor_income: anchorIncome, balance: 0 } };
    },
    after: async (tx, operationId, result, balances) => {
      await tx
        .update(fanClubMembers)
        .set({ operationId })
        .where(and(eq(fanClubMembers.anchorId, input.anchorId), eq(fanClubMembers.userId, input.userId)));
      return { ...result, balance: balances.get(`${input.userId}:star`) ?? 0 };
    },
  });
  return { result: outcome.result, replayed: outcome.replayed };
}

/** Leaves a club: the membership and its intimacy end (a new join starts from level 1, as on Douyu). */
export async function leaveClub(db: DbOrTx, userId: number, anchorId: number) {
  const removed = await db
    .delete(fanClubMembers)
    .where(and(eq(fanClubMembers.anchorId, anchorId), eq(fanClubMembers.userId, userId)))
    .returning({ userId: fanClubMembers.userId });
  if (!removed.length) throw new DomainError('FAN_CLUB_NOT_MEMBER');
  return { anchor_id: anchorId, left: true };
}

/**
 * Intimacy from a gift (called inside the gift send's transaction): 10 per star diamond of the
 * gift's value, for a member of the receiving anchor's club. One statement; the sender's badge after
 * it (for the gift's chat line), or null for a non-member.
 */
export async function addGiftIntimacy(
  tx: DbOrTx,
  input: { anchorId: number; userId: number; value: number },
): Promise<FanBadge | null> {
  const { rows } = await tx.execute<{ intimacy: number; name: string }>(sql`
    update fan_club_members m set intimacy = m.intimacy + ${input.value * INTIMACY_PER_DIAMOND}
    from fan_clubs c
    where m.anchor_id = ${input.anchorId} and m.user_id = ${input.userId} and c.anchor_id = m.anchor_id
    returning m.intimacy, c.name`);
  const row = rows[0];
  return row ? { name: row.name, level: fanLevelOf(Number(row.intimacy)) } : null;
}

/**
 * A heartbeat of a signed-in member's open room page (every 60 s while the room is live). The time
 * since their previous beat counts as watched when it is at most 150 s (two tabs never count twice:
 * one clock per member and club); every 5 minutes watched today earn 10 intimacy, up to 120 a day.
 */
export async function watchHeartbeat(db: DbOrTx, input: { userId: number; roomId: number; now: Date }) {
  const [room] = await db
    .select({ anchorId: liveRooms.anchorId, status: liveRooms.status })
    .from(liveRooms)
    .where(eq(liveRooms.id, input.roomId));
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  const day = homeDayOf(input.now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(fanClubMembers)
      .where(and(eq(fanClubMembers.anchorId, room.anchorId), eq(fanClubMembers.userId, input.userId)))
      .for('update');
    if (!row) return { member: false, added: 0, mine: null };
    const sameDay = row.watchDay === day;
    let seconds = sameDay ? row.watchSeconds : 0;
    const earnedBefore = sameDay ? row.watchIntimacy : 0;
    const gap = row.lastBeatAt ? input.now.getTime() - row.lastBeatAt.getTime() : -1;
    const live = room.status === 'live';
    if (live && gap > 0 && gap <= WATCH_BEAT_MAX_GAP_MS) seconds += Math.floor(gap / 1000);
    const earned = Math.min(
      WATCH_DAILY_CAP,
      Math.floor(seconds / WATCH_STEP_SECONDS) * INTIMACY_PER_WATCH_STEP,
    );
    const added = Math.max(0, earned - earnedBefore);
    const [updated] = await tx
      .update(fanClubMembers)
      .set({
        watchDay: day,
        watchSeconds: seconds,
        watchIntimacy: Math.max(earned, earnedBefore),
        intimacy: sql`${fanClubMembers.intimacy} + ${added}`,
        // A beat while the room is not live does not start a watching stretch.
        lastBeatAt: live ? input.now : null,
      })
      .where(and(eq(fanClubMembers.anchorId, room.anchorId), eq(fanClubMembers.userId, input.userId)))
      .returning();
    return { member: true, added, mine: mineOf(updated!, input.now) };
  });
}

/** One user's membership of `anchorId`'s club (`name`, `intimacy`), as a query a statement can embed. */
export const fanBadgeOf = (db: DbOrTx, anchorId: number, userId: number) =>
  db
    .select({ name: fanClubs.name, intimacy: fanClubMembers.intimacy })
    .from(fanClubMembers)
    .innerJoin(fanClubs, eq(fanClubs.anchorId, fanClubMembers.anchorId))
    .where(and(eq(fanClubMembers.anchorId, anchorId), eq(fanClubMembers.userId, userId)));

/** The badges of `userIds` in `anchorId`'s club (room chat lines). */
export async function fanBadges(db: DbOrTx, anchorId: number | null, userIds: number[]) {
  const badges = new Map<number, FanBadge>();
  if (anchorId === null || !userIds.length) return badges;
  const rows = await db
    .select({ userId: fanClubMembers.userId, intimacy: fanClubMembers.intimacy, name: fanClubs.name })
    .from(fanClubMembers)
    .innerJoin(fanClubs, eq(fanClubs.anchorId, fanClubMembers.anchorId))
    .where(and(eq(fanClubMembers.anchorId, anchorId), inArray(fanClubMembers.userId, [...new Set(userIds)])));
  for (const row of rows) badges.set(row.userId, { name: row.name, level: fanLevelOf(row.intimacy) });
  return badges;
}

/** The clubs a user belongs to (user center), highest intimacy first, with the anchor's room. */
export async function myClubs(db: DbOrTx, userId: number, now: Date) {
  const rows = await db
    .select({
      member: fanClubMembers,
      name: fanClubs.name,
      anchor: { id: users.id, nickname: users.nickname, avatar: users.avatar },
      roomId: liveRooms.id,
      live: sql<boolean>`${liveRooms.status} = 'live'`,
    })
    .from(fanClubMembers)
    .innerJoin(fanClubs, eq(fanClubs.anchorId, fanClubMembers.anchorId))
    .innerJoin(users, eq(users.id, fanClubMembers.anchorId))
    .leftJoin(liveRooms, eq(liveRooms.anchorId, fanClubMembers.anchorId))
    .where(eq(fanClubMembers.userId, userId))
    .orderBy(desc(fanClubMembers.intimacy), asc(fanClubMembers.joinedAt));
  return rows.map((row) => ({
    anchor_id: row.anchor.id,
    anchor_nickname: row.anchor.nickname,
    anchor_avatar: avatarOf(row.anchor),
    room_id: row.roomId,
    live: Boolean(row.live),
    name: row.name,
    ...mineOf(row.member, now),
  }));
}

/** The anchor's own club settings for the anchor centre. */
export async function ownClubSettings(db: DbOrTx, anchorId: number) {
  const settings = await settingsOf(db, anchorId);
  const [count] = await db
    .select({ members: sql<number>`count(*)::int` })
    .from(fanClubMembers)
    .where(eq(fanClubMembers.anchorId, anchorId));
  return {
    name: settings.name,
    price: settings.price,
    configured: settings.configured,
    members: count!.members,
  };
}
