// The built-in search sources: streamers, live rooms, news, videos, teams and their matches. A domain adds
// its own kind with one `registerSearchSource(...)` line at the end of this file.
import { aliasedTable, and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { liveRooms } from '@/lib/live/schema';
import { newsArticles, newsTranslations } from '@/lib/news/schema';
import { publishedBy } from '@/lib/news/service';
import { posts } from '@/lib/posts/schema';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { localName } from '@/lib/scores/service';
import { videoPlayerPath } from '@/lib/videos/links';
import { videos } from '@/lib/videos/schema';
import { registerSearchSource, type SearchHit } from './registry';
import { searchDocuments } from './schema';

const hit = (fields: Partial<SearchHit> & Pick<SearchHit, 'id' | 'title' | 'href'>): SearchHit => ({
  subtitle: '',
  image: null,
  shape: 'cover',
  live: false,
  time: null,
  ...fields,
});

registerSearchSource({
  kind: 'anchor',
  texts: async (db, ids) =>
    (
      await db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isAnchor, true)))
    ).map((row) => ({ id: row.id, texts: [row.nickname] })),
  search: async (db, matched, { limit }) => {
    const rows = await db
      .select({ user: users, roomId: liveRooms.id, status: liveRooms.status, title: liveRooms.title })
      .from(searchDocuments)
      .innerJoin(users, eq(users.id, searchDocuments.refId))
      .leftJoin(liveRooms, eq(liveRooms.anchorId, users.id))
      .where(and(matched('anchor'), eq(users.isAnchor, true)))
      .orderBy(sql`${liveRooms.status} = 'live' desc nulls last`, desc(liveRooms.heat), users.id)
      .limit(limit);
    return rows.map((row) =>
      hit({
        id: row.user.id,
        title: row.user.nickname,
        subtitle: row.user.signature || row.title || '',
        href: `/persona?uid=${row.user.id}`,
        image: avatarOf(row.user),
        shape: 'avatar',
        live: row.status === 'live',
      }),
    );
  },
});

registerSearchSource({
  kind: 'room',
  texts: async (db, ids) =>
    (
      await db
        .select({ id: liveRooms.id, title: liveRooms.title, nickname: users.nickname })
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.anchorId))
        .where(inArray(liveRooms.id, ids))
    ).map((row) => ({ id: row.id, texts: [row.title, row.nickname, String(row.id)] })),
  search: async (db, matched, { limit }) => {
    const rows = await db
      .select({ room: liveRooms, nickname: users.nickname })
      .from(searchDocuments)
      .innerJoin(liveRooms, eq(liveRooms.id, searchDocuments.refId))
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(and(matched('room'), isNull(liveRooms.sealedAt)))
      .orderBy(sql`${liveRooms.status} = 'live' desc`, desc(liveRooms.heat), liveRooms.id)
      .limit(limit);
    return rows.map(({ room, nickname }) =>
      hit({
        id: room.id,
        title: room.title || nickname,
        subtitle: nickname,
        href: `/live?id=${room.id}`,
        image: room.coverUrl || null,
        live: room.status === 'live',
      }),
    );
  },
});

registerSearchSource({
  kind: 'news',
  texts: async (db, queued) => {
    const ids = (
      await db
        .select({ id: newsArticles.postId })
        .from(newsArticles)
        .where(inArray(newsArticles.postId, queued))
    ).map((row) => row.id);
    if (ids.length === 0) return [];
    const versions = await db
      .select({ id: newsTranslations.postId, title: newsTranslations.title })
      .from(newsTranslations)
      .where(inArray(newsTranslations.postId, ids));
    return ids.map((id) => ({ id, texts: versions.filter((v) => v.id === id).map((v) => v.title) }));
  },
  search: async (db, matched, { locale, limit, now }) => {
    const rows = await db
      .select({ article: newsArticles })
      .from(searchDocuments)
      .innerJoin(newsArticles, eq(newsArticles.postId, searchDocuments.refId))
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .where(and(matched('news'), isNull(posts.deletedAt), publishedBy(now)))
      .orderBy(desc(newsArticles.publishedAt))
      .limit(limit);
    if (rows.length === 0) return [];
    const versions = await db
      .select()
      .from(newsTranslations)
      .where(
        inArray(
          newsTranslations.postId,
          rows.map((row) => row.article.postId),
        ),
      );
    return rows.flatMap(({ article }) => {
      const own = versions.filter((v) => v.postId === article.postId);
      const version =
        own.find((v) => v.locale === locale) ?? own.find((v) => v.locale === article.sourceLocale) ?? own[0];
      if (!version) return [];
      return [
        hit({
          id: article.postId,
          title: version.title,
          subtitle: version.summary,
          href: `/detail?id=${article.postId}`,
          image: article.coverUrl,
          time: article.publishedAt.toISOString(),
        }),
      ];
    });
  },
});

// Videos by their title (a title never changes, so no trigger re-keys them); deleted ones are left out.
registerSearchSource({
  kind: 'video',
  texts: async (db, ids) =>
    (
      await db
        .select({ id: videos.postId, title: videos.title })
        .from(videos)
        .where(inArray(videos.postId, ids))
    ).map((row) => ({ id: row.id, texts: [row.title] })),
  search: async (db, matched, { limit }) => {
    const rows = await db
      .select({ video: videos, nickname: users.nickname })
      .from(searchDocuments)
      .innerJoin(videos, eq(videos.postId, searchDocuments.refId))
      .innerJoin(posts, eq(posts.id, videos.postId))
      .innerJoin(users, eq(users.id, videos.authorId))
      .where(and(matched('video'), isNull(posts.deletedAt), eq(posts.reviewStatus, 'approved')))
      .orderBy(desc(videos.publishedAt), desc(videos.postId))
      .limit(limit);
    return rows.map(({ video, nickname }) =>
      hit({
        id: video.postId,
        title: video.title,
        subtitle: nickname,
        href: videoPlayerPath(video.postId),
        image: video.posterUrl,
        time: video.publishedAt.toISOString(),
      }),
    );
  },
});

/** Teams matched by the query, real ones first. */
async function matchedTeams(db: DbOrTx, matched: (kind: string) => SQL, limit: number) {
  return db
    .select({ team: teams })
    .from(searchDocuments)
    .innerJoin(teams, eq(teams.id, searchDocuments.refId))
    .where(matched('team'))
    .orderBy(teams.simulated, teams.id)
    .limit(limit);
}

registerSearchSource({
  kind: 'team',
  texts: async (db, ids) =>
    (
      await db
        .select({ id: teams.id, names: teams.names, sourceName: teams.sourceName })
        .from(teams)
        .where(inArray(teams.id, ids))
    ).map((row) => ({ id: row.id, texts: [row.sourceName, ...Object.values(row.names)] })),
  search: async (db, matched, { locale, limit }) =>
    (await matchedTeams(db, matched, limit)).map(({ team }) =>
      hit({
        id: team.id,
        title: localName(team.names, team.sourceName, locale),
        subtitle: team.sourceName,
        href: team.sport === 'football' ? `/base-football?team=${team.id}` : '/base-basketball',
      }),
    ),
});

const home = aliasedTable(teams, 'home');
const away = aliasedTable(teams, 'away');

// Matches are found through their teams' documents: the newest and upcoming of each matched team.
registerSearchSource({
  kind: 'match',
  search: async (db, matched, { locale, limit, now }) => {
    const teamIds = (await matchedTeams(db, matched, 20)).map(({ team }) => team.id);
    if (teamIds.length === 0) return [];
    const rows = await db
      .select({ match: matches, home, away, competition: competitions })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds)))
      .orderBy(
        sql`${matches.status} = 'live' desc`,
        sql`abs(extract(epoch from ${matches.kickoffAt} - ${now.toISOString()}::timestamptz))`,
      )
      .limit(limit);
    return rows.map((row) => {
      const score = row.match.homeScore === null ? 'vs' : `${row.match.homeScore} - ${row.match.awayScore}`;
      return hit({
        id: row.match.id,
        title: `${localName(row.home.names, row.home.sourceName, locale)} ${score} ${localName(row.away.names, row.away.sourceName, locale)}`,
        subtitle: localName(row.competition.names, row.competition.sourceName, locale),
        href: `/score-detail?id=${row.match.id}`,
        live: row.match.status === 'live',
        time: row.match.kickoffAt.toISOString(),
      });
    });
  },
});
