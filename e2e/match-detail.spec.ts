// Match detail, match live and the intelligence centre on the seeded real data (openfootball).
import fs from 'node:fs';
import path from 'node:path';
import { aliasedTable, and, eq } from 'drizzle-orm';
import { defaultOpenfootballDir } from '@/lib/feeds/openfootball/import';
import { matches, teams } from '@/lib/scores/schema';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

/** The id of the real (imported) match between two teams, by their source names. */
async function matchId(homeName: string, awayName: string, day?: string) {
  const home = aliasedTable(teams, 'home_team');
  const away = aliasedTable(teams, 'away_team');
  return withDatabase(async (db) => {
    const rows = await db
      .select({ id: matches.id, kickoffAt: matches.kickoffAt })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(
        and(eq(matches.source, 'openfootball'), eq(home.sourceName, homeName), eq(away.sourceName, awayName)),
      );
    const row = day ? rows.find((entry) => entry.kickoffAt.toISOString().startsWith(day)) : rows[0];
    return row!.id;
  });
}

test('the 2022 World Cup final shows 3–3, 4–2 on penalties, and the real scorers at their minutes', async ({
  page,
}) => {
  const id = await matchId('Argentina', 'France');
  await page.goto(`/score-detail?id=${id}`);
  await expect(page).toHaveTitle(/阿根廷 vs 法国/);
  await expect(page.getByTestId('match-score')).toHaveText('3 - 3');
  await expect(page.getByTestId('match-penalties')).toHaveText('点球 4-2');
  await expect(page.getByTestId('match-extra-time')).toContainText('常规时间 2-2');
  await expect(page.getByTestId('match-competition')).toHaveText('世界杯');
  const goals = page.getByTestId('event-timeline').locator('li');
  const expected = [
    ['Lionel Messi', "23'", '点球'],
    ['Ángel Di María', "36'", '进球'],
    ['Kylian Mbappé', "80'", '点球'],
    ['Kylian Mbappé', "81'", '进球'],
    ['Lionel Messi', "108'", '进球'],
    ['Kylian Mbappé', "118'", '点球'],
  ];
  await expect(goals).toHaveCount(expected.length);
  for (const [index, parts] of expected.entries()) {
    for (const part of parts) await expect(goals.nth(index)).toContainText(part);
  }

  // No statistics or odds in the record: honest empty states, not invented numbers.
  await page.getByRole('link', { name: '技术统计' }).click();
  await expect(page).toHaveURL(/tab=statistics/);
  await expect(page.getByText('暂无技术统计')).toBeVisible();
  await page.getByRole('link', { name: '阵容' }).click();
  await expect(page.getByText('暂无阵容')).toBeVisible();
});

test('analysis: head-to-head, the four form windows and both teams highlighted in the table', async ({
  page,
}) => {
  const id = await matchId('Liverpool FC', 'Crystal Palace FC', '2025-05-25');
  await page.goto(`/score-detail?id=${id}&tab=analysis`);
  await expect(page.getByTestId('head-to-head-record')).toContainText('利物浦');
  await expect(page.getByTestId('head-to-head').locator('li').first()).toBeVisible();
  for (const side of ['home', 'away']) {
    for (const size of [5, 10, 15, 6]) {
      await expect(
        page.getByTestId(`form-${side}`).getByTestId(`form-window-${size}`).locator('[data-result]'),
      ).toHaveCount(size);
    }
  }
  const highlighted = page.getByTestId('standings-context').locator('tr[data-highlighted]');
  await expect(highlighted).toHaveCount(2);
  await expect(highlighted.nth(0)).toContainText('利物浦');
  await expect(highlighted.nth(1)).toContainText('水晶宫');
  await expect(page.getByTestId('standings-context').locator('tbody tr')).toHaveCount(20);
});

test('an unknown or malformed match id is a real not-found page', async ({ page }) => {
  for (const id of ['99999999', 'abc']) {
    const response = await page.goto(`/score-detail?id=${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  }
  const live = await page.goto('/score-live?id=0');
  expect(live?.status()).toBe(404);
});

test('/score-live says no streamer covers the match yet; a guest reads its chat and is asked to sign in', async ({
  page,
}) => {
  const id = await matchId('Argentina', 'France');
  await page.goto(`/score-live?id=${id}`);
  await expect(page.getByTestId('match-score')).toHaveText('3 - 3');
  await expect(page.getByTestId('live-rooms')).toContainText('暂时没有主播直播这场比赛');
  // The match's chat is there; a guest has no message box, only the way to sign in.
  const chat = page.getByTestId('room-chat');
  await expect(chat.getByRole('button', { name: '登录后参与聊天' })).toBeVisible();
  await expect(chat.getByTestId('chat-input')).toHaveCount(0);
  await page.getByRole('link', { name: '查看比赛详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/score-detail\\?id=${id}$`));
});

type RawMatch = { team1: string; team2: string; score?: { ft?: [number, number] } };

test('in English, /foresight lists fixtures with facts computed from the results', async ({ page }) => {
  await page.goto('/en/foresight?competition=en.1');
  await expect(page).toHaveTitle('Intelligence centre - Kickoff Live');
  await expect(page.getByRole('link', { name: 'Premier League', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const card = page.getByTestId('foresight-card').first();
  await expect(card).toBeVisible();
  const team = (await card.getAttribute('data-home'))!;
  // The league points of the home side, recomputed here from the published 2025-26 results.
  const season = JSON.parse(
    fs.readFileSync(path.join(defaultOpenfootballDir(), '2025-26', 'en.1.json'), 'utf8'),
  ) as { matches: RawMatch[] };
  let points = 0;
  for (const match of season.matches) {
    const ft = match.score?.ft;
    if (!ft || (match.team1 !== team && match.team2 !== team)) continue;
    const [own, other] = match.team1 === team ? ft : [ft[1], ft[0]];
    points += own > other ? 3 : own === other ? 1 : 0;
  }
  expect(points).toBeGreaterThan(0);
  await expect(card.getByTestId('fact-position').locator('[data-side="home"]')).toContainText(
    `${points} pts`,
  );
  await expect(card.getByTestId('fact-last5').locator('[data-side="home"] [data-result]')).toHaveCount(5);
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/score-detail\?id=\d+$/);
  await expect(page.getByTestId('home-team')).toHaveText(team);
});
