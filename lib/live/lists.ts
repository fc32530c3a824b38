// Room lists read by pages: who is live, and on what.
import { and, count, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { DEFAULT_TIME_ZONE, dayIn, instantFromWallTime } from '@/lib/time/zone';
import { bookings, customCategories, liveRooms, reservedLives } from './schema';
import { notSealed } from './seal-state';

/** Live rooms bound to a match (spec §2 /score-live "live rooms covering this match"), hottest first. */
export async function roomsCoveringMatch(db: DbOrTx, matchId: number, now: Date) {
  const rows = await db
    .select({
      id: liveRooms.id,
      title: liveRooms.title,
      coverUrl: liveRooms.coverUrl,
      heat: liveRooms.heat,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(and(eq(liveRooms.matchId, matchId), eq(liveRooms.status, 'live'), notSealed(now)))
    .orderBy(desc(liveRooms.heat));
  return rows.map((row) => ({ ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) }));
}

export type RoomFilter = 'all' | 'today' | 'booked' | 'weekday';
export type RoomCategory = 'all' | 'football' | 'basketball' | 'adult' | 'custom';

export type RoomQuery = {
  category: RoomCategory;
  customCategoryId?: number;
  filter: RoomFilter;
  /** 1 Monday … 7 Sunday, with filter `weekday`: rooms with a reserved live on that day this week. */
  weekday?: number;
  userId?: number | null;
  /** Only rooms on air now. */
  liveOnly?: boolean;
  now: Date;
  /** The viewer's zone: `today` and weekdays are its calendar days (the portal's zone by default). */
  timeZone?: string;
};

/** 1 Monday … 7 Sunday of a `YYYY-MM-DD` day. */
function weekdayOf(day: string) {
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/**
 * The [start, end) of the next `weekday` (1 Monday … 7 Sunday) from today, both in the viewer's zone: the
 * days the viewer reads beside each reserved live (its time is shown in the same zone).
 */
function weekdayRange(weekday: number, now: Date, timeZone: string) {
  const today = dayIn(now, timeZone);
  const ahead = (weekday - weekdayOf(today) + 7) % 7;
  const day = (offset: number) => {
    const noon = new Date(`${today}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + offset);
    const start = instantFromWallTime(`${noon.toISOString().slice(0, 10)}T00:00`, timeZone);
    if (!start) throw new Error(`no midnight in ${timeZone}`);
    return start;
  };
  return [day(ahead), day(ahead + 1)] as const;
}

/** The rooms a query keeps: its category, never a sealed room, and its filter's reserved lives. */
function roomsWhere(query: RoomQuery) {
  const now = query.now;
  const categoryFilter =
    query.category === 'all'
      ? // The 18+ category stays behind its own age check and never mixes into "all".
        ne(liveRooms.category, 'adult')
      : query.category === 'custom'
        ? and(eq(liveRooms.category, 'custom'), eq(liveRooms.customCategoryId, query.customCategoryId ?? -1))
        : eq(liveRooms.category, query.category);
  let reservedWithin: readonly [Date, Date] | null = null;
  const zone = query.timeZone ?? DEFAULT_TIME_ZONE;
  if (query.filter === 'today') reservedWithin = weekdayRange(weekdayOf(dayIn(now, zone)), now, zone);
  if (query.filter === 'weekday') reservedWithin = weekdayRange(query.weekday ?? 1, now, zone);
  const reserved = reservedWithin
    ? sql`exists (select 1 from ${reservedLives} r where r.room_id = ${liveRooms.id} and r.deleted_at is null
        and r.starts_at >= ${reservedWithin[0]} and r.starts_at < ${reservedWithin[1]})`
    : undefined;
  const booked =
    query.filter === 'booked'
      ? sql`exists (select 1 from ${reservedLives} r join ${bookings} b on b.reserved_live_id = r.id
          where r.room_id = ${liveRooms.id} and r.deleted_at is null and b.user_id = ${query.userId ?? -1})`
      : undefined;
  return and(
    categoryFilter,
    notSealed(now),
    query.filter === 'today' ? or(eq(liveRooms.status, 'live'), reserved) : reserved,
    booked,
    query.liveOnly ? eq(liveRooms.status, 'live') : undefined,
  );
}

/** What a room card shows (the room and its anchor), as every list selects it. */
const CARD_FIELDS = {
  id: liveRooms.id,
  title: liveRooms.title,
  coverUrl: liveRooms.coverUrl,
  category: liveRooms.category,
  customCategoryId: liveRooms.customCategoryId,
  status: liveRooms.status,
  heat: liveRooms.heat,
  anchorId: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
};

/** The most cards one list answer holds: the home page's and the buckets' pool, and a page's ceiling. */
export const ROOM_LIST_MAX = 120;

/**
 * The /anchor list (spec §2): rooms of a category, live first then by heat. `today` keeps rooms live
 * now or with a reserved live today; `booked` the rooms whose reserved lives the user booked;
 * `weekday` the rooms with a reserved live on that weekday. `page` (1-based) of `size` cards; the first
 * {@link ROOM_LIST_MAX} without one.
 */
export async function listRooms(db: DbOrTx, query: RoomQuery, paging?: { page: number; size: number }) {
  const size = Math.min(paging?.size ?? ROOM_LIST_MAX, ROOM_LIST_MAX);
  const rows = await db
    .select(CARD_FIELDS)
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(roomsWhere(query))
    .orderBy(sql`${liveRooms.status} = 'live' desc`, desc(liveRooms.heat), desc(liveRooms.id))
    .limit(size)
    .offset(((paging?.page ?? 1) - 1) * size);
  return rows.map((row) => ({ ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) }));
}

/**
 * One page of {@link listRooms} and how many rooms the query keeps in all (rooms are one per anchor, never
 * by time: the count reads a few hundred rows at most).
 */
export async function pageRooms(db: DbOrTx, query: RoomQuery, paging: { page: number; size: number }) {
  const [list, [counted]] = await Promise.all([
    listRooms(db, query, paging),
    db.select({ value: count() }).from(liveRooms).where(roomsWhere(query)),
  ]);
  return { list, total: counted?.value ?? 0 };
}

export type RoomCard = Awaited<ReturnType<typeof listRooms>>[number];

export async function customCategoryName(db: DbOrTx, id: number, locale: string) {
  const [row] = await db.select().from(customCategories).where(eq(customCategories.id, id));
  return row ? (row.names[locale] ?? row.names['zh-CN'] ?? Object.values(row.names)[0] ?? null) : null;
}

export type RoomBucket = {
  category: 'football' | 'basketball' | 'custom';
  customCategoryId: number | null;
  name: string | null;
  /** The hottest few, hottest first. */
  rooms: RoomCard[];
  /** How many of the bucket's rooms are live. */
  liveCount: number;
};

/**
 * Live rooms grouped by category (`getBucketRoomList`): football, basketball, then each enabled custom
 * category in its operator order; each bucket's `size` hottest rooms and how many are live in all. The 18+
 * category never appears here.
 */
export async function liveRoomBuckets(
  db: DbOrTx,
  locale: string,
  now: Date,
  size: number,
): Promise<RoomBucket[]> {
  const bucket = sql`${liveRooms.category}, ${liveRooms.customCategoryId}`;
  const ranked = db
    .select({
      roomId: sql<number>`${liveRooms.id}`.as('room_id'),
      rank: sql<number>`row_number() over (partition by ${bucket} order by ${liveRooms.heat} desc, ${liveRooms.id} desc)`.as(
        'rank',
      ),
      live: sql<number>`(count(*) over (partition by ${bucket}))::int`.as('live'),
    })
    .from(liveRooms)
    .where(roomsWhere({ category: 'all', filter: 'all', liveOnly: true, now }))
    .as('ranked');
  const [rows, custom] = await Promise.all([
    db
      .select({ ...CARD_FIELDS, live: ranked.live })
      .from(ranked)
      .innerJoin(liveRooms, eq(liveRooms.id, ranked.roomId))
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(lte(ranked.rank, size))
      .orderBy(ranked.rank),
    db
      .select()
      .from(customCategories)
      .where(eq(customCategories.enabled, true))
      .orderBy(customCategories.sort, customCategories.id),
  ]);
  const rooms = rows.map(({ live, ...row }) => ({
    room: { ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) },
    live,
  }));
  const of = (category: RoomBucket['category'], customCategoryId: number | null) => {
    const mine = rooms.filter(
      ({ room }) =>
        room.category === category && (category !== 'custom' || room.customCategoryId === customCategoryId),
    );
    return { rooms: mine.map(({ room }) => room), liveCount: mine[0]?.live ?? 0 };
  };
  return [
    { category: 'football', customCategoryId: null, name: null, ...of('football', null) },
    { category: 'basketball', customCategoryId: null, name: null, ...of('basketball', null) },
    ...custom.map((row) => ({
      category: 'custom' as const,
      customCategoryId: row.id,
      name: row.names[locale] ?? row.names['zh-CN'] ?? Object.values(row.names)[0] ?? null,
      ...of('custom', row.id),
    })),
  ];
}
