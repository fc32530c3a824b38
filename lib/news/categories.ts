// Headline categories (`api/Headlines/classifyList`), named in the four languages. A fresh install starts with
// the built-in ones (added on start when missing, never overwriting an operator's names); operators rename,
// order, switch off and add their own, and delete a category of their own that holds no article.
import { asc, count, eq } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { newsArticles, newsCategories } from './schema';

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

/** Adds the built-in categories that are missing; an operator's names, order and on/off stay. */
export async function seedNewsCategories(db: DbOrTx) {
  await db
    .insert(newsCategories)
    .values([...CATEGORIES])
    .onConflictDoNothing();
}

/** The categories in the reader's language, in order: the ones switched on, or all (`all`, the console). */
export async function listCategories(db: DbOrTx, locale: Locale, options: { all?: boolean } = {}) {
  const rows = await db
    .select()
    .from(newsCategories)
    .where(options.all ? undefined : eq(newsCategories.active, true))
    .orderBy(asc(newsCategories.sort), asc(newsCategories.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.names[locale] ?? row.names['zh-CN'] ?? row.slug,
    active: row.active,
  }));
}

/** Every category with its names in the four languages and its article count (the console). */
export async function categoriesForStaff(db: DbOrTx) {
  const [rows, counts] = await Promise.all([
    db.select().from(newsCategories).orderBy(asc(newsCategories.sort), asc(newsCategories.id)),
    db
      .select({ categoryId: newsArticles.categoryId, articles: count() })
      .from(newsArticles)
      .groupBy(newsArticles.categoryId),
  ]);
  return rows.map((row) => ({
    ...row,
    builtIn: isBuiltIn(row.slug),
    articles: counts.find((entry) => entry.categoryId === row.id)?.articles ?? 0,
  }));
}

const isBuiltIn = (slug: string) => CATEGORIES.some((category) => category.slug === slug);
const categoryBySlug = async (db: DbOrTx, slug: string) =>
  (await categoriesForStaff(db)).find((row) => row.slug === slug) ?? null;

/** Operators add a category or change one (by slug): names per language, order, on/off. */
export async function saveCategory(
  db: DbOrTx,
  input: { slug: string; names: Record<Locale, string>; sort: number; active: boolean },
) {
  const before = await categoryBySlug(db, input.slug);
  await db
    .insert(newsCategories)
    .values(input)
    .onConflictDoUpdate({
      target: newsCategories.slug,
      set: { names: input.names, sort: input.sort, active: input.active },
    });
  return { before, row: (await categoryBySlug(db, input.slug))! };
}

/**
 * Deletes a category of the operator's own that holds no article; one with articles (or a built-in one,
 * which start-up would add again) is refused: switch it off instead.
 */
export async function deleteCategory(db: DbOrTx, slug: string) {
  const before = await categoryBySlug(db, slug);
  if (!before) throw new NotFoundError('NEWS_CATEGORY_NOT_FOUND');
  if (before.builtIn) throw new DomainError('NEWS_CATEGORY_BUILT_IN');
  if (before.articles) throw new DomainError('NEWS_CATEGORY_IN_USE', { values: { count: before.articles } });
  await db.delete(newsCategories).where(eq(newsCategories.id, before.id));
  return before;
}
