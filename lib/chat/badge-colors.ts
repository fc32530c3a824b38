// Chat badge colours: a user exchanges one in the coin shop (lib/shop), owns it for good and may wear
// one at a time; the colour frames their name on every chat line of every room (`badge_color` of a
// line, drawn by components/live/chat/). Codes, not free colours: each has a design-system look.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { chatBadgeColors } from './schema';

export const BADGE_COLORS = ['gold', 'jade', 'azure', 'crimson', 'violet'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];

/** One user's colours change one transaction at a time (at most one worn). */
const lockColors = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat-badge-colors'), ${userId})`);

/** Delivers a colour (a shop exchange): owned from now, and worn at once when none is. */
export async function grantBadgeColor(tx: Tx, userId: number, color: string, now: Date) {
  await lockColors(tx, userId);
  const { rows } = await tx.execute(sql`
    insert into chat_badge_colors (user_id, color, chosen, acquired_at)
    values (${userId}, ${color},
            not exists (select 1 from chat_badge_colors where user_id = ${userId} and chosen), ${now.toISOString()})
    on conflict (user_id, color) do nothing
    returning color`);
  // Owned already: nothing to deliver, so the exchange is refused (and rolled back).
  if (!rows.length) throw new DomainError('BADGE_COLOR_OWNED');
}

/** The colours a user owns, oldest first, and the one worn (null: none). */
export async function badgeColorsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ color: chatBadgeColors.color, chosen: chatBadgeColors.chosen })
    .from(chatBadgeColors)
    .where(eq(chatBadgeColors.userId, userId))
    .orderBy(chatBadgeColors.acquiredAt, chatBadgeColors.color);
  return {
    list: rows.map((row) => row.color),
    chosen: rows.find((row) => row.chosen)?.color ?? null,
  };
}

/** Wears an owned colour, or none (`null`). */
export async function chooseBadgeColor(db: DbOrTx, userId: number, color: string | null) {
  await db.transaction(async (tx) => {
    await lockColors(tx, userId);
    if (color) {
      const [owned] = await tx
        .select({ color: chatBadgeColors.color })
        .from(chatBadgeColors)
        .where(and(eq(chatBadgeColors.userId, userId), eq(chatBadgeColors.color, color)));
      if (!owned) throw new DomainError('BADGE_COLOR_NOT_OWNED');
    }
    await tx
      .update(chatBadgeColors)
      .set({ chosen: false })
      .where(and(eq(chatBadgeColors.userId, userId), eq(chatBadgeColors.chosen, true)));
    if (color)
      await tx
        .update(chatBadgeColors)
        .set({ chosen: true })
        .where(and(eq(chatBadgeColors.userId, userId), eq(chatBadgeColors.color, color)));
  });
  return badgeColorsOf(db, userId);
}

/** The colour each of these users wears (for a page of chat lines). */
export async function wornBadgeColors(db: DbOrTx, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ userId: chatBadgeColors.userId, color: chatBadgeColors.color })
    .from(chatBadgeColors)
    .where(and(inArray(chatBadgeColors.userId, ids), eq(chatBadgeColors.chosen, true)));
  return new Map(rows.map((row) => [row.userId, row.color]));
}

/** The worn colour of one user as a scalar subquery (a chat line's statement reads it with the insert). */
export const wornBadgeColorSql = (userId: number) =>
  sql`(select color from chat_badge_colors where user_id = ${userId} and chosen)`;
