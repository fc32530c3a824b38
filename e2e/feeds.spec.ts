// Match states on the screens (issue 17). A replay that a stopped portal left at 120' of a penalty
// shoot-out is found by the feeds job's catch-up — the same step a portal runs at start — and shown
// finished with its recorded result; a match whose provider fell silent past its expected end is
// marked abnormal by the watchdog and labelled so on /football, the home page and the match centre.
// The e2e server is shared by every spec, so the state a stopped process leaves is written to the
// database and the running portal's job (every 5 s) finds it; "started after the end" itself is
// proven at integration level (lib/jobs/feeds.test.ts, lib/jobs/feeds-simulation-*.test.ts).
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { matches } from '@/lib/scores/schema';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test.use({ timezoneId: 'UTC' });

const MINUTE = 60_000;
const QUARTER_FINAL = 'worldcup/2022/Quarter-finals/Netherlands/Argentina';

async function original() {
  return withDatabase(async (db) => {
    const [row] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.source, 'openfootball'), eq(matches.externalId, QUARTER_FINAL)));
    return row!;
  });
}

async function statusOf(id: number) {
  return withDatabase(async (db) => {
    const [row] = await db.select({ status: matches.status }).from(matches).where(eq(matches.id, id));
    return row?.status;
  });
}

/**
 * A kick-off `minutesAgo` before the portal's now, but today (UTC), so today's lists hold it: a minute past
 * midnight at the earliest, or now itself in the first minute of the day (the e2e clock starts there).
 */
async function kickoffToday(minutesAgo: number) {
  const now = (await serverNow()).getTime();
  const midnight = now - (now % (24 * 60 * MINUTE));
  return new Date(Math.max(now - minutesAgo * MINUTE, Math.min(midnight + MINUTE, now)));
}

test('a replay left at the shoot-out by a stopped portal is shown finished with its result and penalties', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const record = await original();
  // Just after midnight on the e2e clock, this kick-off was yesterday: the results of its own day show it.
  const kickoffAt = new Date((await serverNow()).getTime() - 170 * MINUTE);
  const id = await withDatabase(async (db) => {
    const [row] = await db
      .insert(matches)
      .values({
        seasonId: record.seasonId,
        source: 'replay',
        externalId: `e2e-left-open-${randomInt(1e9)}/${QUARTER_FINAL}`,
        round: record.round,
        homeTeamId: record.homeTeamId,
        awayTeamId: record.awayTeamId,
        ground: record.ground,
        kickoffAt,
        // At speed 1 the replay lasts 165 minutes; its process stopped at 120', shoot-out under way.
        expectedEndAt: new Date(kickoffAt.getTime() + 165 * MINUTE),
        status: 'live',
        period: 'penalties',
        minute: 120,
        homeScore: 2,
        awayScore: 2,
        homeFullTime: 2,
        awayFullTime: 2,
        homeHalfTime: 0,
        awayHalfTime: 1,
        homeExtraTime: 2,
        awayExtraTime: 2,
        replayOfMatchId: record.id,
        replayOfDate: '2022-12-09',
        updatedAt: new Date(kickoffAt.getTime() + 160 * MINUTE),
      })
      .returning({ id: matches.id });
    return row!.id;
  });
  // The next tick of the portal's feeds job catches it up: finished, never marked abnormal.
  await expect.poll(() => statusOf(id), { timeout: 60_000 }).toBe('finished');

  const day = kickoffAt.toISOString().slice(0, 10);
  await page.goto(`/football?tab=results&day=${day}`);
  const row = page.locator(`[data-testid="score-row"][data-match-id="${id}"]`);
  await expect(row.getByTestId('home-team')).toHaveText('荷兰');
  await expect(row.getByTestId('away-team')).toHaveText('阿根廷');
  await expect(row.getByTestId('match-status')).toHaveText('完场');
  await expect(row.getByTestId('match-score')).toContainText('2 - 2');
  await expect(row).toContainText('点球 3-4');
  await page.screenshot({ path: 'test-results/feeds-caught-up.png' });
});

test('a match whose feed fell silent past its end is abnormal on /football, the home page and the match centre', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const record = await original();
  const now = (await serverNow()).getTime();
  const kickoffAt = await kickoffToday(150);
  const id = await withDatabase(async (db) => {
    const [row] = await db
      .insert(matches)
      .values({
        seasonId: record.seasonId,
        // A commercial feed that stopped reporting at 78'.
        source: 'e2e-provider',
        externalId: `silent-${randomInt(1e9)}`,
        round: record.round,
        homeTeamId: record.homeTeamId,
        awayTeamId: record.awayTeamId,
        kickoffAt,
        expectedEndAt: new Date(now - 10 * MINUTE),
        status: 'live',
        period: 'second_half',
        minute: 78,
        homeScore: 1,
        awayScore: 0,
        updatedAt: new Date(now - 60 * MINUTE),
      })
      .returning({ id: matches.id });
    return row!.id;
  });
  await expect.poll(() => statusOf(id), { timeout: 60_000 }).toBe('abnormal');

  const day = kickoffAt.toISOString().slice(0, 10);
  await page.goto(`/football?tab=results&day=${day}`);
  const row = page.locator(`[data-testid="score-row"][data-match-id="${id}"]`);
  await expect(row.getByTestId('match-status')).toHaveText('异常');
  await expect(row.getByTestId('match-score')).toContainText('1 - 0');
  // Never on the live tab.
  await page.goto('/football');
  await expect(page.locator(`[data-testid="score-row"][data-match-id="${id}"]`)).toHaveCount(0);

  await page.goto('/main');
  const homeRow = page.locator(`li:has(a[href$="/score-detail?id=${id}"])`).first();
  await expect(homeRow.getByTestId('match-abnormal')).toHaveText('异常');
  await expect(homeRow).toContainText('数据中断');
  await homeRow.screenshot({ path: 'test-results/feeds-abnormal-home.png' });

  await page.goto(`/score-detail?id=${id}`);
  await expect(page.getByTestId('match-abnormal').first()).toHaveText('异常 · 数据中断');
  await page.screenshot({ path: 'test-results/feeds-abnormal-detail.png' });
});
