// Banners, advertisements and official activities: which of a kind are showing now, and their upkeep
// by operators. Nothing is shown until an operator adds it (no stand-in pictures on a fresh install).
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { LocalizedText } from '@/lib/system/schema';
import { pickLocalized } from '@/lib/system/service';
import { type PromoKind, promos } from './schema';

export type PromoInput = {
  id?: number | undefined;
  kind: PromoKind;
  title: LocalizedText;
  imageUrl: string;
  linkUrl?: string | null | undefined;
  sort?: number | undefined;
  enabled?: boolean | undefined;
  startsAt?: Date | null | undefined;
  endsAt?: Date | null | undefined;
};

/** The kind's entries showing at `now`, in the operators' order, in the reader's language. */
export async function listShowingPromos(db: DbOrTx, kind: PromoKind, locale: string, now: Date) {
  const rows = await db
    .select()
    .from(promos)
    .where(
      and(
        eq(promos.kind, kind),
        eq(promos.enabled, true),
        or(isNull(promos.startsAt), lte(promos.startsAt, now)),
        or(isNull(promos.endsAt), gt(promos.endsAt, now)),
      ),
    )
    .orderBy(asc(promos.sort), asc(promos.id));
  return rows.map((row) => ({
    id: row.id,
    title: pickLocalized(row.title, locale),
    image: row.imageUrl,
    url: row.linkUrl,
  }));
}
export type ShowingPromo = Awaited<ReturnType<typeof listShowingPromos>>[number];

export async function listAllPromos(db: DbOrTx, kind?: PromoKind) {
  return db
    .select()
    .from(promos)
    .where(kind ? eq(promos.kind, kind) : undefined)
    .orderBy(asc(promos.kind), asc(promos.sort), asc(promos.id));
}

export async function savePromo(db: DbOrTx, input: PromoInput) {
  const { id, ...values } = input;
  if (id === undefined) {
    const [created] = await db.insert(promos).values(values).returning();
    return created!;
  }
  const [updated] = await db.update(promos).set(values).where(eq(promos.id, id)).returning();
  if (!updated) throw new NotFoundError('PROMO_NOT_FOUND');
  return updated;
}

export async function deletePromo(db: DbOrTx, id: number) {
  const deleted = await db.delete(promos).where(eq(promos.id, id)).returning({ id: promos.id });
  if (!deleted.length) throw new NotFoundError('PROMO_NOT_FOUND');
  return { id, deleted: true };
}
