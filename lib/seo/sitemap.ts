// What search engines are told about (sitemap.xml, per locale): the public screens, every article in
// the languages it exists in, matches, live rooms, videos, expert plans, profiles and articles — absolute URLs from SITE_URL with hreflang.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { expertArticles, expertPlans, experts } from '@/lib/experts/schema';
import { absoluteUrl, siteOrigin } from '@/lib/i18n/metadata';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { liveRooms } from '@/lib/live/schema';
import { newsArticles, newsTranslations } from '@/lib/news/schema';
import { publishedBy } from '@/lib/news/service';
import { posts } from '@/lib/posts/schema';
import { matches } from '@/lib/scores/schema';
import { videoPlayerPath } from '@/lib/videos/links';
import { videos } from '@/lib/videos/schema';

/** Public screens worth indexing (account, login and test pages are not). */
export const PUBLIC_PATHS = [
  '/main',
  '/news',
  '/video-list',
  '/football',
  '/basketball',
  '/anchor?type=0',
  '/schedule?type=0',
  '/rank',
  '/foresight',
  '/base-football',
  '/base-basketball',
  '/trophy/home',
  '/specialist',
  '/specialist-home?type=0',
  '/specialist-home?type=1',
  '/specialist-news',
  '/downLoad',
  '/about-user?type=0',
  '/about-user?type=1',
  '/about-user?type=2',
] as const;

const MAX_MATCHES = 20_000;
const MAX_ARTICLES = 20_000;
const MAX_VIDEOS = 20_000;
const MAX_PLANS = 20_000;

type Entry = { path: string; lastModified?: Date; locales: readonly Locale[] };

export async function sitemapEntries(db: DbOrTx, locale: Locale, now: Date): Promise<Entry[]> {
  const [articles, matchRows, rooms, videoRows, planRows, expertRows, expertArticleRows] = await Promise.all([
    db
      .select({ id: newsArticles.postId, publishedAt: newsArticles.publishedAt })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
      .where(and(eq(newsTranslations.locale, locale), isNull(posts.deletedAt), publishedBy(now)))
      .orderBy(desc(newsArticles.publishedAt))
      .limit(MAX_ARTICLES),
    db
      .select({ id: matches.id, updatedAt: matches.updatedAt })
      .from(matches)
      .orderBy(desc(matches.kickoffAt))
      .limit(MAX_MATCHES),
    db
      .select({ id: liveRooms.id, createdAt: liveRooms.createdAt })
      .from(liveRooms)
      .where(isNull(liveRooms.sealedAt)),
    db
      .select({ id: videos.postId, publishedAt: videos.publishedAt })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      // Only what anyone may watch: not in review, refused or taken down.
      .where(and(isNull(posts.deletedAt), eq(posts.reviewStatus, 'approved')))
      .orderBy(desc(videos.publishedAt))
      .limit(MAX_VIDEOS),
    // Every plan's page: a paid plan's content is server-gated until the match is over, so its page
    // shows a visitor only what anyone may see (the match, the commitment, the price).
    db
      .select({
        id: expertPlans.id,
        publishedAt: expertPlans.publishedAt,
        gradedAt: expertPlans.gradedAt,
        voidedAt: expertPlans.voidedAt,
      })
      .from(expertPlans)
      .orderBy(desc(expertPlans.publishedAt))
      .limit(MAX_PLANS),
    db.select({ id: experts.userId, approvedAt: experts.approvedAt }).from(experts),
    db
      .select({ id: expertArticles.id, createdAt: expertArticles.createdAt })
      .from(expertArticles)
      .where(eq(expertArticles.locale, locale))
      .orderBy(desc(expertArticles.createdAt))
      .limit(MAX_ARTICLES),
  ]);
  const versions = articles.length
    ? await db
        .select({ id: newsTranslations.postId, locale: newsTranslations.locale })
        .from(newsTranslations)
        .where(
          inArray(
            newsTranslations.postId,
            articles.map((article) => article.id),
          ),
        )
    : [];
  const localesOf = new Map<number, Locale[]>();
  for (const version of versions)
    localesOf.set(version.id, [...(localesOf.get(version.id) ?? []), version.locale as Locale]);
  return [
    ...PUBLIC_PATHS.map((path) => ({ path, locales: LOCALES })),
    ...articles.map((article) => ({
      path: `/detail?id=${article.id}`,
      lastModified: article.publishedAt,
      locales: localesOf.get(article.id) ?? [locale],
    })),
    ...matchRows.map((match) => ({
      path: `/score-detail?id=${match.id}`,
      lastModified: match.updatedAt,
      locales: LOCALES,
    })),
    ...rooms.map((room) => ({ path: `/live?id=${room.id}`, locales: LOCALES })),
    ...videoRows.map((video) => ({
      path: videoPlayerPath(video.id),
      lastModified: video.publishedAt,
      locales: LOCALES,
    })),
    ...planRows.map((plan) => ({
      path: `/specialist-detail?id=${plan.id}`,
      lastModified: plan.voidedAt ?? plan.gradedAt ?? plan.publishedAt,
      locales: LOCALES,
    })),
    ...expertRows.map((expert) => ({
      path: `/specialist-info?id=${expert.id}`,
      lastModified: expert.approvedAt,
      locales: LOCALES,
    })),
    // An expert's article exists in the language it was written in: listed in that locale's sitemap.
    ...expertArticleRows.map((article) => ({
      path: `/specialist-news?id=${article.id}`,
      lastModified: article.createdAt,
      locales: [locale],
    })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function sitemapXml(locale: Locale, entries: Entry[]) {
  const urls = entries.map((entry) => {
    const links =
      entry.locales.length > 1
        ? [...entry.locales, 'x-default' as const]
            .map((target) => {
              const href = absoluteUrl(
                target === 'x-default'
                  ? entry.locales.includes('zh-CN')
                    ? 'zh-CN'
                    : entry.locales[0]!
                  : target,
                entry.path,
              );
              return `<xhtml:link rel="alternate" hreflang="${target}" href="${escapeXml(href)}"/>`;
            })
            .join('')
        : '';
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(absoluteUrl(locale, entry.path))}</loc>${lastmod}${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap index: one sitemap per locale. */
export function sitemapIndexXml(origin: string, now: Date) {
  const items = LOCALES.map(
    (locale) =>
      `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${locale}.xml`)}</loc><lastmod>${now.toISOString()}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** RSS 2.0 of a language's newest articles. */
export function rssXml(input: {
  locale: Locale;
  title: string;
  description: string;
  items: { id: number; title: string; summary: string; publishedAt: Date }[];
}) {
  const channelLink = absoluteUrl(input.locale, '/news');
  const items = input.items.map((item) => {
    const link = absoluteUrl(input.locale, `/detail?id=${item.id}`);
    return `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(link)}</link><guid isPermaLink="true">${escapeXml(link)}</guid><description>${escapeXml(item.summary)}</description><pubDate>${item.publishedAt.toUTCString()}</pubDate></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(input.title)}</title><link>${escapeXml(channelLink)}</link><description>${escapeXml(input.description)}</description><language>${input.locale}</language><atom:link href="${escapeXml(`${siteOrigin()}/rss/${input.locale}.xml`)}" rel="self" type="application/rss+xml"/>\n${items.join('\n')}\n</channel></rss>\n`;
}
