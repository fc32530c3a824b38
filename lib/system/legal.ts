// The footer's policy pages (`/about-user`: privacy policy, user agreement, about us) per language: what
// operators wrote, else the text the portal ships in its catalogs (with the product name and the
// customer-service address filled in).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { type LegalDocument, legalPages } from './schema';

export const LEGAL_TITLE_MAX = 60;
export const LEGAL_BODY_MAX = 50_000;

/** The operators' version of a document in a language, if they wrote one. */
export async function legalPage(db: DbOrTx, document: LegalDocument, locale: Locale) {
  const [row] = await db
    .select({ title: legalPages.title, body: legalPages.body, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .where(and(eq(legalPages.document, document), eq(legalPages.locale, locale)));
  return row ?? null;
}

/** Every stored version (the console lists which languages have their own text). */
export const legalPagesForStaff = (db: DbOrTx) => db.select().from(legalPages);

export async function saveLegalPage(
  db: DbOrTx,
  input: { document: LegalDocument; locale: Locale; title: string; body: string },
  operatorId: number,
  now: Date,
) {
  const before = await legalPage(db, input.document, input.locale);
  const values = { ...input, updatedBy: operatorId, updatedAt: now };
  await db
    .insert(legalPages)
    .values(values)
    .onConflictDoUpdate({ target: [legalPages.document, legalPages.locale], set: values });
  return { before };
}

/** Back to the shipped text in that language. */
export async function resetLegalPage(db: DbOrTx, document: LegalDocument, locale: Locale) {
  const before = await legalPage(db, document, locale);
  await db.delete(legalPages).where(and(eq(legalPages.document, document), eq(legalPages.locale, locale)));
  return { before };
}
