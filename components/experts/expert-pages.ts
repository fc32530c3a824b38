import 'server-only';
// What /specialist and /specialist-home load: a ranking window, plans on sale, graded plans and the
// matches open to plans with their counts. Thin pages call these once.
import { getDb } from '@/lib/db';
import { listPlans, plannableMatches } from '@/lib/experts/plans';
import { planCounts, withCards } from '@/lib/experts/profiles';
import { rankExperts, STAT_WINDOWS, type StatWindow } from '@/lib/experts/stats';
import type { Locale } from '@/lib/i18n/routing';

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
