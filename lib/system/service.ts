// Operator-configured pop-ups: which are showing now, and their upkeep.
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { type LocalizedText, popups } from './schema';

export type PopupInput = {
  id?: number;
  title: LocalizedText;
  body: LocalizedText;
  imageUrl?: string | null;
  linkUrl?: string | null;
  sort?: number;
  enabled?: boolean;
  startsAt?: Date | null;
  endsAt?: Date | null;
};

export async function listShowingPopups(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(popups)
    .where(
      and(
        eq(popups.enabled, true),
        or(isNull(popups.startsAt), lte(popups.startsAt, now)),
        or(isNull(popups.endsAt), gt(popups.endsAt, now)),
      ),
    )
    .orderBy(asc(popups.sort), asc(popups.id));
}

export async function listAllPopups(db: DbOrTx) {
  return db.select().from(popups).orderBy(asc(popups.sort), asc(popups.id));
}

export async function savePopup(db: DbOrTx, input: PopupInput) {
  const { id, ...values } = input;
  if (id === undefined) {
    const [created] = await db.insert(popups).values(values).returning();
    return created!;
  }
  const [updated] = await db.update(popups).set(values).where(eq(popups.id, id)).returning();
  if (!updated) throw new NotFoundError('POPUP_NOT_FOUND');
  return updated;
}

export async function deletePopup(db: DbOrTx, id: number) {
  const deleted = await db.delete(popups).where(eq(popups.id, id)).returning({ id: popups.id });
  if (!deleted.length) throw new NotFoundError('POPUP_NOT_FOUND');
}

/** The text for the reader's language, else Chinese, else any. */
export function pickLocalized(text: LocalizedText, locale: string) {
  return text[locale] ?? text['zh-CN'] ?? Object.values(text)[0] ?? '';
}
