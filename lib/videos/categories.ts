// Video categories: groups (足球, 篮球, 电竞, 综合) and the categories inside them, named in the four
// languages. Reference data kept by code on every seed, like the headline categories.
import { and, asc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import type { LocalizedNames } from '@/lib/scores/schema';
import { videoCategories } from './schema';

type Seed = { slug: string; names: LocalizedNames; recommended?: boolean; children?: Seed[] };

const n = (zhCN: string, zhTW: string, en: string, vi: string): LocalizedNames => ({
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  en,
  vi,
});

export const CATEGORY_TREE: Seed[] = [
  {
    slug: 'football',
    names: n('足球', '足球', 'Football', 'Bóng đá'),
    children: [
      {
        slug: 'premier-league',
        names: n('英超', '英超', 'Premier League', 'Ngoại hạng Anh'),
        recommended: true,
      },
      { slug: 'la-liga', names: n('西甲', '西甲', 'La Liga', 'La Liga') },
      { slug: 'serie-a', names: n('意甲', '意甲', 'Serie A', 'Serie A') },
      { slug: 'bundesliga', names: n('德甲', '德甲', 'Bundesliga', 'Bundesliga') },
      { slug: 'ligue-1', names: n('法甲', '法甲', 'Ligue 1', 'Ligue 1') },
      { slug: 'champions-league', names: n('欧冠', '歐冠', 'Champions League', 'Cúp C1'), recommended: true },
      { slug: 'world-cup', names: n('世界杯', '世界盃', 'World Cup', 'World Cup'), recommended: true },
      { slug: 'csl', names: n('中超', '中超', 'Chinese Super League', 'VĐQG Trung Quốc') },
    ],
  },
  {
    slug: 'basketball',
    names: n('篮球', '籃球', 'Basketball', 'Bóng rổ'),
    children: [
      { slug: 'nba', names: n('NBA', 'NBA', 'NBA', 'NBA'), recommended: true },
      { slug: 'cba', names: n('CBA', 'CBA', 'CBA', 'CBA') },
      { slug: 'fiba', names: n('国际篮球', '國際籃球', 'International basketball', 'Bóng rổ quốc tế') },
    ],
  },
  {
    slug: 'esports',
    names: n('电竞', '電競', 'Esports', 'Thể thao điện tử'),
    children: [
      { slug: 'moba', names: n('MOBA', 'MOBA', 'MOBA', 'MOBA') },
      { slug: 'fps', names: n('射击', '射擊', 'Shooters', 'Bắn súng') },
    ],
  },
  {
    slug: 'general',
    names: n('综合', '綜合', 'General', 'Tổng hợp'),
    children: [
      { slug: 'highlights', names: n('集锦', '集錦', 'Highlights', 'Highlight'), recommended: true },
      { slug: 'tactics', names: n('战术分析', '戰術分析', 'Tactics', 'Phân tích chiến thuật') },
      { slug: 'replays', names: n('直播回放', '直播回放', 'Live replays', 'Phát lại'), recommended: true },
      { slug: 'training', names: n('训练教学', '訓練教學', 'Training', 'Huấn luyện') },
    ],
  },
];

/** Kept on every seed: names and flags follow the code, ids stay. */
export async function seedVideoCategories(db: DbOrTx) {
  let sort = 0;
  for (const group of CATEGORY_TREE) {
    sort += 1;
    const [parent] = await db
      .insert(videoCategories)
      .values({ slug: group.slug, names: group.names, sort })
      .onConflictDoUpdate({ target: videoCategories.slug, set: { names: group.names, sort } })
      .returning({ id: videoCategories.id });
    let childSort = 0;
    for (const child of group.children ?? []) {
      childSort += 1;
      const values = {
        slug: child.slug,
        names: child.names,
        parentId: parent!.id,
        recommended: child.recommended ?? false,
        sort: childSort,
      };
      await db
        .insert(videoCategories)
        .values(values)
        .onConflictDoUpdate({ target: videoCategories.slug, set: values });
    }
  }
}

export const nameIn = (names: LocalizedNames, locale: Locale) => names[locale] ?? names['zh-CN'] ?? '';

const present = (row: typeof videoCategories.$inferSelect, locale: Locale) => ({
  id: row.id,
  slug: row.slug,
  name: nameIn(row.names, locale),
  parent_id: row.parentId,
});
export type VideoCategoryView = ReturnType<typeof present>;

/** The groups (`api/Videoclassification`: the /video-list tabs). */
export async function listGroups(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select()
    .from(videoCategories)
    .where(isNull(videoCategories.parentId))
    .orderBy(asc(videoCategories.sort), asc(videoCategories.id));
  return rows.map((row) => present(row, locale));
}

/** Every group with its categories (`allList`). */
export async function listAllGroups(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select()
    .from(videoCategories)
    .orderBy(asc(videoCategories.sort), asc(videoCategories.id));
  return rows
    .filter((row) => row.parentId === null)
    .map((group) => ({
      ...present(group, locale),
      children: rows.filter((row) => row.parentId === group.id).map((row) => present(row, locale)),
    }));
}

/** Categories marked recommended (`recommend`). */
export async function listRecommended(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select()
    .from(videoCategories)
    .where(and(eq(videoCategories.recommended, true), isNotNull(videoCategories.parentId)))
    .orderBy(asc(videoCategories.parentId), asc(videoCategories.sort));
  return rows.map((row) => present(row, locale));
}

/** Categories whose name in any language contains the words (`search`); LIKE wildcards are literal. */
export async function searchCategories(db: DbOrTx, locale: Locale, words: string) {
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(videoCategories)
    .where(
      or(
        ilike(sql`${videoCategories.names}->>'zh-CN'`, pattern),
        ilike(sql`${videoCategories.names}->>'zh-TW'`, pattern),
        ilike(sql`${videoCategories.names}->>'en'`, pattern),
        ilike(sql`${videoCategories.names}->>'vi'`, pattern),
        ilike(videoCategories.slug, pattern),
      ),
    )
    .orderBy(asc(videoCategories.sort), asc(videoCategories.id))
    .limit(30);
  return rows.map((row) => present(row, locale));
}

export async function findCategory(db: DbOrTx, id: number) {
  const [row] = await db.select().from(videoCategories).where(eq(videoCategories.id, id));
  if (!row) throw new NotFoundError('VIDEO_CATEGORY_NOT_FOUND');
  return row;
}

/** A category and, for a group, the categories inside it: what a list of that category shows. */
export async function categoryScope(db: DbOrTx, id: number) {
  const row = await findCategory(db, id);
  if (row.parentId !== null) return [row.id];
  const children = await db
    .select({ id: videoCategories.id })
    .from(videoCategories)
    .where(eq(videoCategories.parentId, row.id));
  return [row.id, ...children.map((child) => child.id)];
}
