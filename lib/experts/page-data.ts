import 'server-only';
// What the expert pages load, once per request (metadata and page share it): a plan, an expert, an
// article; and for /specialist and /specialist-home the board (a ranking window, plans on sale, graded plans
// and the matches open to plans with their counts). Thin pages call these once.
import { cache } from 'react';
import { currentUser, renderInstant } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import type { Locale } from '@/lib/i18n/routing';
import { getPlan, listPlans, plannableMatches } from './plans';
import { expertProfile, getArticle, planCounts, withCards } from './profiles';
import { rankExperts, STAT_WINDOWS, type StatWindow } from './stats';

/** The instant this render works at, read once per request (the page render's edge, lib/accounts). */
export const renderNow = renderInstant;

export const planOfRequest = cache(async (rawId: string | undefined, locale: Locale) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  const viewer = await currentUser();
  return getPlan(getDb(), id, viewer?.id ?? null, locale, renderNow()).catch(() => null);
});

export const expertOfRequest = cache(async (rawId: string | undefined) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  const viewer = await currentUser();
  return expertProfile(getDb(), id, viewer?.id ?? null).catch(() => null);
});

export const articleOfRequest = cache(async (rawId: string | undefined) => {
  const id = rowIdOf(rawId);
  if (!id) return null;
  return getArticle(getDb(), id).catch(() => null);
});

/** `type` of /specialist-home: 0 football, 1 basketball (spec §2). */
export const sportOfType = (type: string | undefined) =>
  (type === '1' ? 'basketball' : 'football') as 'football' | 'basketball';

export const windowOf = (value: string | undefined): StatWindow =>
  (STAT_WINDOWS as readonly string[]).includes(value ?? '') ? (value as StatWindow) : '20';

export async function expertBoard(input: {
  sport?: 'football' | 'basketball';
  window: StatWindow;
  viewerId: number | null;
  locale: Locale;
  now: Date;
}) {
  const db = getDb();
  const sports = input.sport ? [input.sport] : (['football', 'basketball'] as const);
  const [ranking, onSale, graded, upcoming] = await Promise.all([
    rankExperts(db, { window: input.window, sport: input.sport, limit: 10 }).then((rows) =>
      withCards(db, rows),
    ),
    listPlans(
      db,
      { sport: input.sport, open: true, order: 'buyers', limit: 10 },
      input.viewerId,
      input.locale,
      input.now,
    ),
    listPlans(db, { sport: input.sport, limit: 10 }, input.viewerId, input.locale, input.now).then((plans) =>
      plans.filter((plan) => plan.status !== 'open'),
    ),
    Promise.all(
      sports.map((sport) =>
        plannableMatches(db, { sport, now: input.now, days: 1, limit: 12, locale: input.locale }),
      ),
    ).then((lists) => lists.flat().sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime())),
  ]);
  const counts = await planCounts(
    db,
    upcoming.map((match) => match.id),
  );
  return {
    ranking,
    onSale,
    graded,
    matches: upcoming.map((match) => ({ ...match, plans: counts.get(match.id) ?? 0 })),
  };
}
