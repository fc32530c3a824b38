// The portal's pages (spec §2, every route of app/[locale]) with the seeded ids they need: the coverage of
// e2e/page-audit.spec.ts (layout shift, axe) and e2e/phone-fit.spec.ts (nothing wider than a phone).
import { aliasedTable, and, asc, eq, isNull } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { expertArticles, expertPlans } from '@/lib/experts/schema';
import { liveRooms } from '@/lib/live/schema';
import { newsArticles } from '@/lib/news/schema';
import { posts } from '@/lib/posts/schema';
import { matches, teams } from '@/lib/scores/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed';
import { videoCategories, videos } from '@/lib/videos/schema';
import { withDatabase } from './database';

export type Who = 'guest' | 'user' | 'anchor';
export type Ids = {
  room: number;
  match: number;
  anchor: number;
  circlePost: number;
  news: number;
  video: number;
  videoCategory: number;
  plan: number;
  expert: number;
  expertArticle: number;
};
export type PortalPage = { path: (ids: Ids) => string; who?: Who };

/** Every route of app/[locale] (spec §2) that exists, with the seeded ids it needs. */
export const PAGES: PortalPage[] = [
  { path: () => '/main' },
  { path: () => '/football' },
  { path: () => '/football?sport=esports' },
  { path: () => '/basketball' },
  { path: ({ match }) => `/score-detail?id=${match}` },
  { path: ({ match }) => `/score-detail?id=${match}&tab=lineups` },
  { path: ({ match }) => `/score-live?id=${match}` },
  { path: () => '/foresight' },
  { path: () => '/anchor' },
  { path: ({ room }) => `/live?id=${room}` },
  { path: () => '/rank' },
  { path: () => '/schedule' },
  { path: () => '/reserve', who: 'user' },
  { path: () => '/attention', who: 'user' },
  { path: () => '/demo' },
  { path: () => '/base-football' },
  { path: () => '/base-basketball' },
  { path: () => '/trophy/home' },
  // A signed-in visitor is sent on from /login: the sign-in form is a guest's.
  { path: () => '/login', who: 'guest' },
  { path: () => '/qr-login?code=unknown' },
  { path: () => '/about-user?type=0' },
  { path: ({ anchor }) => `/persona?uid=${anchor}` },
  { path: ({ anchor }) => `/persona?uid=${anchor}&tab=fans` },
  { path: () => '/search?name=%E9%98%BF%E6%A3%AE%E7%BA%B3' },
  { path: () => '/search?name=zzzzqqq' },
  { path: () => '/downLoad' },
  { path: () => '/dome' },
  { path: () => '/new_file' },
  { path: () => '/circle' },
  { path: ({ circlePost }) => `/circle-detail?id=${circlePost}` },
  { path: () => '/member', who: 'guest' },
  { path: () => '/member?type=1', who: 'user' },
  { path: () => '/member?type=3', who: 'user' },
  { path: () => '/member?type=4', who: 'user' },
  { path: () => '/member?type=5', who: 'user' },
  { path: () => '/member?type=6', who: 'user' },
  { path: () => '/member?type=10', who: 'user' },
  { path: () => '/member?type=18', who: 'user' },
  { path: () => '/member?type=19', who: 'user' },
  { path: () => '/member?type=7', who: 'user' },
  { path: () => '/member?type=9', who: 'anchor' },
  { path: () => '/member?type=24', who: 'user' },
  { path: () => '/no-such-page' },
];

/** Routes the layout-shift audit leaves to their own specs, checked on phones too. */
export const MORE_PAGES: PortalPage[] = [
  { path: () => '/news' },
  { path: ({ news }) => `/detail?id=${news}` },
  { path: ({ news }) => `/comment?id=${news}` },
  { path: () => '/video-list' },
  { path: ({ video }) => `/video-player?id=${video}` },
  { path: ({ videoCategory }) => `/video-classify?type=3&id=${videoCategory}&name=NBA` },
  { path: () => '/specialist' },
  { path: () => '/specialist-home?type=0' },
  { path: ({ expert }) => `/specialist-info?id=${expert}` },
  { path: ({ plan }) => `/specialist-detail?id=${plan}` },
  { path: () => '/specialist-news' },
  { path: ({ expertArticle }) => `/specialist-news?id=${expertArticle}` },
  { path: () => '/chat-chat', who: 'user' },
  { path: () => '/member?type=2', who: 'user' },
  { path: () => '/member?type=23', who: 'user' },
];

/** Zeros in place of every id: a page's path as a test's name (`=0` read as `=<id>`). */
export const NO_IDS: Ids = {
  room: 0,
  match: 0,
  anchor: 0,
  circlePost: 0,
  news: 0,
  video: 0,
  videoCategory: 0,
  plan: 0,
  expert: 0,
  expertArticle: 0,
};

let ids: Promise<Ids> | undefined;
/** The seeded rows' ids, read once per worker. */
export const seededIds = () => {
  ids ??= readSeededIds();
  return ids;
};

async function readSeededIds(): Promise<Ids> {
  const anchorAccount = DEMO_ACCOUNTS.find((account) => account.key === 'anchor')!;
  return withDatabase(async (db) => {
    const [room] = await db
      .select({ room: liveRooms.id, anchor: users.id })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(and(eq(users.countryCode, '86'), eq(users.mobile, anchorAccount.mobile)));
    const home = aliasedTable(teams, 'home_team');
    const away = aliasedTable(teams, 'away_team');
    const [final] = await db
      .select({ id: matches.id })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(
        and(
          eq(matches.source, 'openfootball'),
          eq(home.sourceName, 'Argentina'),
          eq(away.sourceName, 'France'),
        ),
      );
    const shown = and(eq(posts.reviewStatus, 'approved'), isNull(posts.deletedAt));
    const [news] = await db
      .select({ id: newsArticles.postId })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .where(shown)
      .orderBy(asc(newsArticles.postId))
      .limit(1);
    const [video] = await db
      .select({ id: videos.postId })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      .where(shown)
      .orderBy(asc(videos.postId))
      .limit(1);
    const [category] = await db
      .select({ id: videoCategories.id })
      .from(videoCategories)
      .orderBy(asc(videoCategories.id))
      .limit(1);
    const [plan] = await db
      .select({ id: expertPlans.id, expert: expertPlans.expertId })
      .from(expertPlans)
      .orderBy(asc(expertPlans.id))
      .limit(1);
    const [article] = await db
      .select({ id: expertArticles.id })
      .from(expertArticles)
      .orderBy(asc(expertArticles.id))
      .limit(1);
    return {
      room: room!.room,
      anchor: room!.anchor,
      match: final!.id,
      circlePost: await circlePostId(db),
      news: news?.id ?? 0,
      video: video?.id ?? 0,
      videoCategory: category?.id ?? 0,
      plan: plan?.id ?? 0,
      expert: plan?.expert ?? 0,
      expertArticle: article?.id ?? 0,
    };
  });
}

/** A shown community post: the first there is, else one written by the demo user. */
async function circlePostId(db: Parameters<Parameters<typeof withDatabase>[0]>[0]) {
  const [shown] = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(circlePosts, eq(circlePosts.postId, posts.id))
    .where(and(eq(posts.reviewStatus, 'approved'), isNull(posts.deletedAt)))
    .limit(1);
  if (shown) return shown.id;
  const userAccount = DEMO_ACCOUNTS.find((account) => account.key === 'user')!;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, userAccount.mobile));
  const [circle] = await db
    .select({ id: circles.id })
    .from(circles)
    .where(eq(circles.slug, 'general:football'));
  const [post] = await db
    .insert(posts)
    .values({ authorId: author!.id, channel: 'circle', body: '页面检查：今晚的比赛大家怎么看？' })
    .returning({ id: posts.id });
  await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
  return post!.id;
}
