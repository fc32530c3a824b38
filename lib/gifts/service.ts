// Gifts (spec §2, §5, §7): the catalog, backpacks, sending in a live room through the ledger, and
// the rankings and records built from the sends.
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { channelState, giftLine } from '@/lib/chat/service';
import { cachedChatState, chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import { type DbOrTx, isTransaction } from '@/lib/db';
import { addGiftIntimacy } from '@/lib/fan-club/service';
import type { Locale } from '@/lib/i18n/routing';
import type { RankWindow } from '@/lib/live/reservations';
import { liveRooms } from '@/lib/live/schema';
import type { GiftPush } from '@/lib/realtime/events';
import { recordsSince } from '@/lib/time/record-window';
import { type Leg, runOperation } from '@/lib/wallet/ledger';
import { sendBarrier } from './barriers';
import { giverTotalsUpsert, topGivers } from './giver-totals';
import { giftGroupCommit } from './group-commit';
import { backpackItems, giftSends, gifts } from './schema';
import type { CatalogGift, CheckedSend, SendGiftInput, SendGiftOutcome, SendGiftResult } from './send-types';

/** The counts the gift bar offers (spec: ×1, ×10, ×66, ×520). */
export const GIFT_COUNTS = [1, 10, 66, 520] as const;
/** A send of the same gift to the same room within this window continues the sender's combo. */
export const COMBO_WINDOW_MS = 5_000;
/** Spec §9: 1 diamond = 1 experience point; experience is kept in tenths. */
export const EXPERIENCE_TENTHS_PER_DIAMOND = 10;

export type GiftView = {
  id: number;
  code: string;
  name: string;
  price: number;
  tier: 'small' | 'big';
  /** An operator's uploaded picture; null: the drawing for `code`. */
  image: string | null;
};

const nameIn = (names: Record<string, string>, locale: Locale) => names[locale] ?? names['zh-CN'] ?? '';

export async function listGifts(db: DbOrTx, locale: Locale, includeInactive = false): Promise<GiftView[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(includeInactive ? undefined : eq(gifts.active, true))
    .orderBy(asc(gifts.sort), asc(gifts.price), asc(gifts.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: nameIn(row.names, locale),
    price: row.price,
    tier: row.tier,
    image: row.imageUrl,
  }));
}

/** The whole catalog as operators edit it: names in every language, share, picture, hidden ones too. */
export const giftsForStaff = (db: DbOrTx) =>
  db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.price), asc(gifts.id));

export type GiftInput = {
  code: string;
  names: Record<string, string>;
  price: number;
  tier: 'small' | 'big';
  sort: number;
  active: boolean;
  /** Omitted: unchanged; null: back to the drawing. */
  imageUrl?: string | null | undefined;
  /** Omitted: unchanged; null: the portal's GIFT_ANCHOR_SHARE. */
  anchorShare?: number | null | undefined;
};

/** Operators add or change a gift (by its code); returns the row before (none for a new gift) and after. */
export async function saveGift(db: DbOrTx, input: GiftInput) {
  const [before] = await db.select().from(gifts).where(eq(gifts.code, input.code));
  const set = {
    names: input.names,
    price: input.price,
    tier: input.tier,
    sort: input.sort,
    active: input.active,
    ...(input.imageUrl === undefined ? {} : { imageUrl: input.imageUrl }),
    ...(input.anchorShare === undefined ? {} : { anchorShare: input.anchorShare }),
  };
  const [row] = await db
    .insert(gifts)
    .values({ code: input.code, ...set })
    .onConflictDoUpdate({ target: gifts.code, set })
    .returning();
  await invalidateGiftCatalog();
  return { before: before ?? null, row: row! };
}

export async function backpackOf(db: DbOrTx, userId: number, locale: Locale) {
  const rows = await db
    .select({ gift: gifts, quantity: backpackItems.quantity })
    .from(backpackItems)
    .innerJoin(gifts, eq(gifts.id, backpackItems.giftId))
    .where(and(eq(backpackItems.userId, userId), gt(backpackItems.quantity, 0), eq(gifts.active, true)))
    .orderBy(asc(gifts.sort), asc(gifts.id));
  return rows.map(({ gift, quantity }) => ({
    id: gift.id,
    code: gift.code,
    name: nameIn(gift.names, locale),
    price: gift.price,
    tier: gift.tier,
    image: gift.imageUrl,
    quantity,
  }));
}

/** Puts gifts in a backpack (operators' grants, rewards). */
export async function grantBackpack(db: DbOrTx, userId: number, giftId: number, quantity: number) {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new DomainError('INVALID_AMOUNT');
  const [gift] = await db.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, giftId));
  if (!gift) throw new NotFoundError('GIFT_NOT_FOUND');
  await db
    .insert(backpackItems)
    .values({ userId, giftId, quantity })
    .onConflictDoUpdate({
      target: [backpackItems.userId, backpackItems.giftId],
      set: { quantity: sql`${backpackItems.quantity} + ${quantity}` },
    });
}

/**
 * The whole catalog by id (a few dozen rows), cached like a chat's state (lib/chat/state-cache.ts):
 * `saveGift` and the seed invalidate it; another node's change reaches this one within the TTL. A
 * gift id the cached copy does not know reloads it once (a gift just added elsewhere).
 */
async function catalogGift(db: DbOrTx, giftId: number): Promise<CatalogGift | undefined> {
  const load = async () => db.select().from(gifts);
  let catalog = await cachedChatState(chatStateKeys.giftCatalog(), load);
  if (!catalog.some((gift) => gift.id === giftId)) {
    await invalidateGiftCatalog();
    catalog = await cachedChatState(chatStateKeys.giftCatalog(), load);
  }
  return catalog.find((gift) => gift.id === giftId);
}

/** Drops the cached catalog (after any write to `gifts`). */
export const invalidateGiftCatalog = () => invalidateChatState(chatStateKeys.giftCatalog());

/**
 * The refusals that need no write, from caches (usually no query): the count, the room's anchor (the
 * chat's cached state), a gift to oneself, the gift (the cached catalog).
 */
async function checkSend(db: DbOrTx, input: SendGiftInput): Promise<CheckedSend> {
  if (!(GIFT_COUNTS as readonly number[]).includes(input.count)) throw new DomainError('INVALID_GIFT_COUNT');
  const { anchorId } = await channelState(db, { kind: 'live', id: input.roomId }, input.now);
  if (anchorId === null) throw new NotFoundError('ROOM_NOT_FOUND');
  if (anchorId === input.senderId) throw new DomainError('CANNOT_GIFT_SELF');
  const gift = await catalogGift(db, input.giftId);
  if (!gift?.active) throw new NotFoundError('GIFT_NOT_FOUND');
  const value = gift.price * input.count;
  return {
    input,
    gift,
    anchorId,
    value,
    // A gift's own share (set by operators) wins over the portal's.
    anchorIncome: Math.floor((value * (gift.anchorShare ?? input.anchorShare)) / 100),
    experience: value * EXPERIENCE_TENTHS_PER_DIAMOND,
    comboSince: new Date(input.now.getTime() - COMBO_WINDOW_MS),
  };
}

/** The idempotency key and payload of a send in the ledger (both paths write the same). */
export const sendOperation = (send: CheckedSend) => ({
  key: `gift:${send.input.senderId}:${send.input.key}`,
  payload: {
    room: send.input.roomId,
    gift: send.gift.id,
    count: send.input.count,
    backpack: send.input.fromBackpack,
  },
});

/**
 * Sends a gift through the ledger. On the pool (an API request), the send joins the node's group
 * commit (`lib/gifts/group-commit.ts`): the sends that arrive while earlier batches are being written
 * go out together in ONE statement, each with its own key and its own refusal. Inside a caller's
 * transaction, and for what the batch leaves to it (a key already used, a failed batch), it goes
 * alone (`sendGiftAlone`).
 */
export async function sendGift(
  db: DbOrTx,
  input: SendGiftInput,
  /** Before a send paid in star diamonds joins a batch, with its value (the payment password at the threshold). */
  beforeSpend?: (value: number) => Promise<void>,
): Promise<SendGiftOutcome> {
  const send = await checkSend(db, input);
  if (beforeSpend && !input.fromBackpack) await beforeSpend(send.value);
  if (isTransaction(db)) return sendGiftAlone(db, send);
  return giftGroupCommit(db).send(send, () => sendGiftAlone(db, send));
}

/**
 * One send in its own transaction (`runOperation`): the key's claim; the records (the send with its
 * combo, its chat line); then ONE statement that moves every balance (star diamonds to revenue, yellow
 * to the anchor, experience to the sender), writes the transfers and stores the result; then COMMIT.
 */
export async function sendGiftAlone(db: DbOrTx, send: CheckedSend): Promise<SendGiftOutcome> {
  const { input, gift, anchorId, value, anchorIncome, experience } = send;
  const sender = { user: input.senderId };
  const outcome = await runOperation<SendGiftResult>(db, {
    ...sendOperation(send),
    kind: 'gift',
    userId: input.senderId,
    now: input.now,
    prepare: async (tx, operationId) => {
      const [barriers] = await tx
        .select({
          bannedUntil: users.bannedUntil,
          mutedUntil: users.mutedUntil,
          sealedAt: liveRooms.sealedAt,
          sealedUntil: liveRooms.sealedUntil,
        })
        .from(users)
        .leftJoin(liveRooms, eq(liveRooms.id, input.roomId))
        .where(eq(users.id, input.senderId));
      const barrier = barriers && sendBarrier(barriers, input.now);
      if (barrier) throw barrier;
      const legs: Leg[] = [];
      if (input.fromBackpack) {
        const taken = await tx
          .update(backpackItems)
          .set({ quantity: sql`${backpackItems.quantity} - ${input.count}` })
          .where(
            and(
              eq(backpackItems.userId, input.senderId),
              eq(backpackItems.giftId, gift.id),
              gte(backpackItems.quantity, input.count),
            ),
          )
          .returning({ quantity: backpackItems.quantity });
        if (!taken.length) throw new DomainError('BACKPACK_EMPTY');
      } else {
        legs.push({ from: sender, to: { system: 'revenue' }, currency: 'star', amount: value });
      }
      if (anchorIncome > 0)
        legs.push({
          from: { system: 'mint' },
          to: { user: anchorId },
          currency: 'yellow',
          amount: anchorIncome,
        });
      legs.push({
        from: { system: 'mint' },
        to: sender,
        currency: 'exp',
        amount: experience,
      });

      // The records, before the money (they lock no shared row), in one statement: the send with its
      // combo (continuing the sender's last send of this gift in this room within the window) and its
      // line in the room's chat.
      const windowStart = send.comboSince.toISOString();
      // Fan club intimacy for the gift's value (a member of the anchor's club); its badge on the line.
      const fan = await addGiftIntimacy(tx, { anchorId, userId: input.senderId, value });
      const line = giftLine(tx, {
        roomId: input.roomId,
        sender: input.sender,
        gift: { code: gift.code, names: gift.names, count: input.count },
        now: input.now,
        fan,
      });
      const { rows } = await tx.execute<{
        combo: number;
        chat_id: string;
        noble: number | null;
        badge_color: string | null;
      }>(sql`
        with send as (
          insert into gift_sends (operation_id, room_id, anchor_id, sender_id, gift_id, count, value,
                                  anchor_income, from_backpack, combo, created_at)
          values (${operationId}, ${input.roomId}, ${anchorId}, ${input.senderId}, ${gift.id}, ${input.count},
                  ${value}, ${anchorIncome}, ${input.fromBackpack},
                  coalesce((select combo from gift_sends
                            where sender_id = ${input.senderId} and room_id = ${input.roomId}
                              and gift_id = ${gift.id} and created_at >= ${windowStart}
                            order by created_at desc, id desc limit 1), 0) + 1,
                  ${input.now.toISOString()})
          returning combo
        ), rolled as (${giverTotalsUpsert(
          sql`values (${input.roomId}::int, ${input.senderId}::int, ${value}::bigint, ${input.now.toISOString()}::timestamptz)`,
        )}), line as (${line.insert})
        select (select combo from send) as combo, (select id from line) as chat_id, ${line.noble} as noble,
               ${line.badgeColor} as badge_color`);
      const chat = line.message(Number(rows[0]!.chat_id), rows[0]!.noble, rows[0]!.badge_color);
      return {
        legs,
        result: {
          send_id: operationId,
          room_id: input.roomId,
          anchor_id: anchorId,
          gift_id: gift.id,
          count: input.count,
          value,
          anchor_income: anchorIncome,
          combo: rows[0]!.combo,
          from_backpack: input.fromBackpack,
          balance: 0,
          chat,
        },
        // The sender's star diamonds after the send, filled in by the statement that moves them.
        balanceFields: { balance: { user: input.senderId, currency: 'star' } },
      };
    },
  });
  return { ...outcome, gift };
}

/**
 * The biggest givers in a window (day / week / month in UTC+8, or all time): of one room, or across
 * every room for the /rank contribution board.
 */
/** Who gave the most to a room in a window. */
export function roomContribution(db: DbOrTx, roomId: number, window: RankWindow, now: Date, limit = 20) {
  return topGivers(db, { roomId, window, now, limit });
}

/** The biggest givers across every room (the /rank contribution board). */
export function contributionRanking(db: DbOrTx, window: RankWindow, now: Date, limit = 30) {
  return topGivers(db, { window, now, limit });
}

/** Gifts an anchor received in the last three months, newest first (`api/member/webgetAnchorgiftlist`). */
export async function anchorGiftList(
  db: DbOrTx,
  anchorId: number,
  locale: Locale,
  now: Date,
  page: number,
  size: number,
) {
  const since = recordsSince(now);
  const where = and(eq(giftSends.anchorId, anchorId), gte(giftSends.createdAt, since));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        send: giftSends,
        gift: gifts,
        sender: { id: users.id, nickname: users.nickname, avatar: users.avatar },
      })
      .from(giftSends)
      .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
      .innerJoin(users, eq(users.id, giftSends.senderId))
      .where(where)
      .orderBy(desc(giftSends.createdAt), desc(giftSends.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({
        count: sql<number>`count(*)::int`,
        income: sql<number>`coalesce(sum(${giftSends.anchorIncome}), 0)::int`,
      })
      .from(giftSends)
      .where(where),
  ]);
  return {
    total: total!.count,
    income: total!.income,
    list: rows.map(({ send, gift, sender }) => ({
      id: send.id,
      gift_id: gift.id,
      gift_name: nameIn(gift.names, locale),
      gift_code: gift.code,
      count: send.count,
      value: send.value,
      income: send.anchorIncome,
      sender_id: sender.id,
      sender_nickname: sender.nickname,
      sender_avatar: avatarOf(sender),
      created_at: send.createdAt.toISOString(),
    })),
  };
}

/** A room's latest gifts (the ticker's first lines), newest first, in the shape of the `gift` push. */
export async function recentRoomGifts(db: DbOrTx, roomId: number, limit = 20): Promise<GiftPush[]> {
  const rows = await db
    .select({
      send: giftSends,
      gift: gifts,
      sender: { id: users.id, nickname: users.nickname, avatar: users.avatar },
    })
    .from(giftSends)
    .innerJoin(gifts, eq(gifts.id, giftSends.giftId))
    .innerJoin(users, eq(users.id, giftSends.senderId))
    .where(eq(giftSends.roomId, roomId))
    .orderBy(desc(giftSends.createdAt), desc(giftSends.id))
    .limit(limit);
  return rows.map(({ send, gift, sender }) => giftPushOf(send, gift, sender));
}

export function giftPushOf(
  send: Pick<
    typeof giftSends.$inferSelect,
    'operationId' | 'count' | 'combo' | 'value' | 'anchorId' | 'anchorIncome'
  >,
  gift: typeof gifts.$inferSelect,
  sender: { id: number; nickname: string; avatar: string },
): GiftPush {
  return {
    send_id: send.operationId,
    gift_id: gift.id,
    gift_code: gift.code,
    gift_names: gift.names,
    tier: gift.tier,
    count: send.count,
    combo: send.combo,
    value: send.value,
    sender: { id: sender.id, nickname: sender.nickname, avatar: avatarOf(sender) },
    anchor_id: send.anchorId,
    anchor_income: send.anchorIncome,
  };
}
