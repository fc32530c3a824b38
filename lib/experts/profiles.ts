// Experts' public side: the profile with its record, follows, the experts list of a sport, and the free
// analysis articles of /specialist-news.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { refuseSensitive } from '@/lib/sensitive/words';
import { findExpert } from './applications';
import { type ExpertSport, expertArticles, expertFollows, expertPlans, experts } from './schema';
import { expertRecord, type StatWindow } from './stats';

export async function expertCards(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, ReturnType<typeof card>>();
  const rows = await db
    .select({ expert: experts, nickname: users.nickname, avatar: users.avatar })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(inArray(experts.userId, ids));
  return new Map(rows.map((row) => [row.expert.userId, card(row)]));
}

function card(row: { expert: typeof experts.$inferSelect; nickname: string; avatar: string }) {
  return {
    id: row.expert.userId,
    nickname: row.nickname,
    avatar: avatarOf({ id: row.expert.userId, avatar: row.avatar }),
    sports: row.expert.sports,
    experience: row.expert.experience,
    approved_at: row.expert.approvedAt,
  };
}

export async function expertProfile(db: DbOrTx, id: number, viewerId: number | null) {
  const cards = await expertCards(db, [id]);
  const profile = cards.get(id);
  if (!profile) throw new NotFoundError('EXPERT_NOT_FOUND');
  const [record, [followers], following, [plans]] = await Promise.all([
    expertRecord(db, id),
    db.select({ n: count() }).from(expertFollows).where(eq(expertFollows.expertId, id)),
    viewerId
      ? db
          .select({ id: expertFollows.userId })
          .from(expertFollows)
          .where(and(eq(expertFollows.expertId, id), eq(expertFollows.userId, viewerId)))
      : [],
    db.select({ n: count() }).from(expertPlans).where(eq(expertPlans.expertId, id)),
  ]);
  return {
    ...profile,
    followers: followers?.n ?? 0,
    following: following.length > 0,
    plans: plans?.n ?? 0,
    record,
  };
}

export async function followExpert(
  db: DbOrTx,
  input: { expertId: number; userId: number; follow: boolean; now: Date },
) {
  if (!(await findExpert(db, input.expertId))) throw new NotFoundError('EXPERT_NOT_FOUND');
  if (input.expertId === input.userId) throw new DomainError('EXPERT_FOLLOW_SELF');
  if (input.follow)
    await db
      .insert(expertFollows)
      .values({ expertId: input.expertId, userId: input.userId, createdAt: input.now })
      .onConflictDoNothing();
  else
    await db
      .delete(expertFollows)
      .where(and(eq(expertFollows.expertId, input.expertId), eq(expertFollows.userId, input.userId)));
  const [row] = await db
    .select({ n: count() })
    .from(expertFollows)
    .where(eq(expertFollows.expertId, input.expertId));
  return { following: input.follow, followers: row?.n ?? 0 };
}

export const ARTICLE_TITLE = { min: 4, max: 80 } as const;
export const ARTICLE_BODY = { min: 50, max: 8000 } as const;

export async function publishArticle(
  db: DbOrTx,
  expertId: number,
  input: { sport: ExpertSport; title: string; body: string; locale: string; matchId?: number | null },
  now: Date,
) {
  const expert = await findExpert(db, expertId);
  if (!expert) throw new DomainError('NOT_EXPERT', { status: 403 });
  if (!expert.sports.includes(input.sport)) throw new DomainError('PLAN_SPORT');
  const title = input.title.trim();
  const body = input.body.trim();
  if (title.length < ARTICLE_TITLE.min || title.length > ARTICLE_TITLE.max)
    throw new DomainError('ARTICLE_TITLE_LENGTH', { values: ARTICLE_TITLE });
  if (body.length < ARTICLE_BODY.min || body.length > ARTICLE_BODY.max)
    throw new DomainError('ARTICLE_BODY_LENGTH', { values: ARTICLE_BODY });
  await refuseSensitive(db, `${title}\n${body}`, now);
  const [row] = await db
    .insert(expertArticles)
    .values({
      expertId,
      sport: input.sport,
      title,
      body,
      locale: input.locale,
      matchId: input.matchId ?? null,
      createdAt: now,
    })
    .returning();
  return row!;
}

export const ARTICLES_PAGE = 20;

/** A body's first words without its marks (`## `, `- `, `**`, links: components/news/article-body.tsx). */
export const plainExcerpt = (body: string, max = 140) =>
  body
    .replace(/\[([^\]\n]{1,200})\]\([^\s)]{1,500}\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/^(## |- )/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

export async function listArticles(
  db: DbOrTx,
  input: { sport?: ExpertSport; expertId?: number; page?: number },
) {
  const page = Math.max(1, input.page ?? 1);
  const where = and(
    input.sport ? eq(expertArticles.sport, input.sport) : undefined,
    input.expertId ? eq(expertArticles.expertId, input.expertId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(expertArticles)
      .where(where)
      .orderBy(desc(expertArticles.createdAt), desc(expertArticles.id))
      .limit(ARTICLES_PAGE)
      .offset((page - 1) * ARTICLES_PAGE),
    db.select({ n: count() }).from(expertArticles).where(where),
  ]);
  const cards = await expertCards(db, [...new Set(rows.map((row) => row.expertId))]);
  return {
    total: total?.n ?? 0,
    page,
    list: rows.map((row) => ({
      id: row.id,
      sport: row.sport,
      title: row.title,
      excerpt: plainExcerpt(row.body),
      locale: row.locale,
      match_id: row.matchId,
      created_at: row.createdAt,
      expert: cards.get(row.expertId)!,
    })),
  };
}

export async function getArticle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(expertArticles).where(eq(expertArticles.id, id));
  if (!row) throw new NotFoundError('EXPERT_ARTICLE_NOT_FOUND');
  const cards = await expertCards(db, [row.expertId]);
  return { ...row, expert: cards.get(row.expertId)! };
}

/** Ranking rows with each expert's card (the ranking itself is lib/experts/stats.ts). */
export async function withCards<T extends { expertId: number }>(db: DbOrTx, rows: T[]) {
  const cards = await expertCards(
    db,
    rows.map((row) => row.expertId),
  );
  return rows.flatMap((row) => {
    const expert = cards.get(row.expertId);
    return expert ? [{ ...row, expert }] : [];
  });
}

/** Not-started matches open to plans in the next days, with how many plans each has. */
export async function planCounts(db: DbOrTx, matchIds: number[]) {
  if (!matchIds.length) return new Map<number, number>();
  const rows = await db
    .select({ matchId: expertPlans.matchId, n: sql<number>`count(*)::int` })
    .from(expertPlans)
    .where(inArray(expertPlans.matchId, matchIds))
    .groupBy(expertPlans.matchId);
  return new Map(rows.map((row) => [row.matchId, row.n]));
}

export type { StatWindow };
