// Headline categories (`api/Headlines/classifyList`), named in the four languages. Reference data kept by
// code on every start, like the report reasons; operators file articles under them.
import { asc } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { newsCategories } from './schema';

const CATEGORIES = [
  { slug: 'football', sort: 1, names: { 'zh-CN': '足球', 'zh-TW': '足球', en: 'Football', vi: 'Bóng đá' } },
  {
    slug: 'reports',
    sort: 2,
    names: { 'zh-CN': '赛事战报', 'zh-TW': '賽事戰報', en: 'Match reports', vi: 'Tường thuật trận đấu' },
  },
  {
    slug: 'basketball',
    sort: 3,
    names: { 'zh-CN': '篮球', 'zh-TW': '籃球', en: 'Basketball', vi: 'Bóng rổ' },
  },
  {
    slug: 'esports',
    sort: 4,
    names: { 'zh-CN': '电竞', 'zh-TW': '電競', en: 'Esports', vi: 'Thể thao điện tử' },
  },
  { slug: 'general', sort: 5, names: { 'zh-CN': '综合', 'zh-TW': '綜合', en: 'General', vi: 'Tổng hợp' } },
] as const;

export async function seedNewsCategories(db: DbOrTx) {
  for (const category of CATEGORIES) {
    await db
      .insert(newsCategories)
      .values(category)
      .onConflictDoUpdate({
        target: newsCategories.slug,
        set: { names: category.names, sort: category.sort },
      });
  }
}

export async function listCategories(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select()
    .from(newsCategories)
    .orderBy(asc(newsCategories.sort), asc(newsCategories.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.names[locale] ?? row.names['zh-CN'] ?? row.slug,
  }));
}

/** Every category with its names in the four languages (the console's editor). */
export const categoriesForStaff = (db: DbOrTx) =>
  db.select().from(newsCategories).orderBy(asc(newsCategories.sort), asc(newsCategories.id));

/**
 * Operators add a category or rename one (by slug). The seeded slugs keep the names written in code on
 * every start: operators add categories of their own beside them.
 */
export async function saveCategory(
  db: DbOrTx,
  input: { slug: string; names: Record<Locale, string>; sort: number },
) {
  if (CATEGORIES.some((category) => category.slug === input.slug))
    throw new DomainError('NEWS_CATEGORY_BUILT_IN');
  const [row] = await db
    .insert(newsCategories)
    .values(input)
    .onConflictDoUpdate({ target: newsCategories.slug, set: { names: input.names, sort: input.sort } })
    .returning();
  return row!;
}
