// The live-scores pages (/football, /basketball): real imported results, replays and simulations
// labelled, live patches from pushes, favourites, settings and the goal pop-up. Pushes that must
// arrive at a known moment are injected into the page's own socket by Playwright (routeWebSocket):
// the browser code under test is the real one, and the server has no test-only entry.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tapSocket } from './socket-tap';

/** Premier League, 4 January 2025 (openfootball 2024-25): Manchester City 4-1 West Ham (15:00 UK). */
const PL_DAY = '/football?tab=results&day=2025-01-04';
// The simulated league's clubs as a Chinese page names them (lib/feeds/simulator: city and nickname translated).
const FICTIONAL_BASKETBALL = [
  '港景苍鹭',
  '红石公羊',
  '湖畔山猫',
  '铜谷彗星',
  '北风领航者',
  '松冠美洲狮',
  '盐沼鲨鱼',
  '雷岭泰坦',
];

test.use({ timezoneId: 'Asia/Shanghai' });

/** Waits until the live board (loaded after hydration) has taken over the server-rendered list. */
const liveBoard = async (page: Page) => {
  await expect(page.getByTestId('live-board')).toBeVisible();
  return page.getByTestId('live-board');
};

const rowOf = (page: Page, home: string) =>
  page.getByTestId('score-row').filter({ has: page.getByTestId('home-team').filter({ hasText: home }) });

async function boardRows(page: Page, input: Record<string, unknown>) {
  const response = await page.request.post('/api/hot_match/all_match', { data: input });
  return ((await response.json()) as { data: { rows: { source: string; home: { name: string } }[] } }).data
    .rows;
}

test('results of a real Premier League day, grouped by competition with real scores', async ({ page }) => {
  await page.goto(PL_DAY);
  await expect(page).toHaveTitle('足球即时比分 - 开球直播');
  await expect(page.getByRole('link', { name: '赛果' })).toHaveAttribute('aria-current', 'page');
  const group = page.getByRole('region', { name: '英超' });
  await expect(group).toBeVisible();
  const city = rowOf(page, '曼城');
  await expect(city.getByTestId('match-score')).toHaveText('4 - 1');
  await expect(city.getByTestId('away-team')).toHaveText('西汉姆联');
  await expect(city.getByTestId('match-status')).toHaveText('完场');
  await expect(rowOf(page, '南安普顿').getByTestId('match-score')).toHaveText('0 - 5');
  // Filters come from the data: this day offers the Premier League and England.
  await expect(page.getByTestId('filter-competition').locator('option', { hasText: '英超 (6)' })).toHaveCount(
    1,
  );
  await expect(page.getByTestId('filter-region').locator('option', { hasText: '英格兰 (6)' })).toHaveCount(1);
  // The expanded row reads its key events; the record has no statistics and says so.
  await liveBoard(page);
  await city.getByRole('button', { name: '展开比赛信息' }).click();
  await expect(city.getByTestId('match-panel')).toContainText('这场比赛的数据源没有技术统计');
  await expect(city.getByRole('link', { name: '比赛详情' })).toHaveAttribute(
    'href',
    /\/score-detail\?id=\d+$/,
  );
  await page.getByTestId('filter-region').selectOption('gb-eng');
  await expect(page).toHaveURL(/region=gb-eng/);
  await expect(page.getByTestId('competition-group')).toHaveCount(1);
  await expect(page.getByTestId('score-row')).toHaveCount(6);
});

test('a replayed World Cup match is shown live (or next) and labelled as a replay', async ({ page }) => {
  // At clock speed 1 a replay kicks off every 2 hours: one is live, or the next is on today's schedule.
  const live = await boardRows(page, { sport: 'football', tab: 'live' });
  const tab = live.some((row) => row.source === 'replay') ? 'live' : 'schedule';
  await page.goto(`/football?tab=${tab}`);
  const label = page.getByTestId('replay-label').first();
  await expect(label).toContainText(/^重播：世界杯 20(22|26) .+ vs .+，原赛于 20(22|26)年/);
  // Other specs may add matches of their own: look at the replay rows only.
  const row = page
    .getByTestId('score-row')
    .filter({ has: page.getByText('重播', { exact: true }) })
    .first();
  await expect(row).toBeVisible();
  if (tab === 'live') {
    await expect(row.getByTestId('match-status')).toHaveText(/^\d+'$|^半场$|^点球$/);
    await expect(row.getByTestId('odds')).toContainText('模型');
  }
});

test('a push updates a row without a reload; the database wins again on the refetch', async ({ page }) => {
  const socket = await tapSocket(page);
  await page.goto(PL_DAY);
  await liveBoard(page);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const city = rowOf(page, '曼城');
  const id = Number(await city.getAttribute('data-match-id'));
  await socket.push({
    code: 100,
    type: 'football',
    data: [
      {
        match_id: id,
        status: 'finished',
        period: 'finished',
        minute: null,
        home_score: 5,
        away_score: 1,
        source: 'openfootball',
        replay_of_date: null,
      },
    ],
  });
  await expect(city.getByTestId('match-score')).toHaveText('5 - 1');
  await expect(city).toHaveAttribute('data-flash', 'true');
  // Pushes are lossy hints: the refetch that follows brings back what the database holds.
  await expect(city.getByTestId('match-score')).toHaveText('4 - 1', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('favourites persist for the signed-in user and fill the favourites tab', async ({ asUser }) => {
  await asUser.goto(PL_DAY);
  await liveBoard(asUser);
  const star = rowOf(asUser, '水晶宫').getByRole('button', { name: /收藏/ });
  // The star flips at once (optimistic); the reload must wait for the server's answer, or it reads
  // the row before the write.
  const toggle = async () => {
    const saved = asUser.waitForResponse((response) => response.url().includes('Footballuser/collect'));
    await star.click();
    expect((await saved).ok()).toBe(true);
  };
  if ((await star.getAttribute('aria-pressed')) === 'true') {
    await toggle();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
  }
  await toggle();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await asUser.reload();
  await expect(rowOf(asUser, '水晶宫').getByRole('button', { name: '取消收藏' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await asUser.getByTestId('tab-favourites').click();
  await expect(asUser).toHaveURL(/tab=favourites/);
  const favourite = rowOf(asUser, '水晶宫');
  await expect(favourite.getByTestId('match-score')).toHaveText('1 - 1');
  await liveBoard(asUser);
  await favourite.getByRole('button', { name: '取消收藏' }).click();
  await expect(favourite).toHaveCount(0);
});

test('a guest clicking a star gets the login dialog', async ({ page }) => {
  await page.goto(PL_DAY);
  await liveBoard(page);
  await rowOf(page, '曼城').getByRole('button', { name: '收藏' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: '登录二维码' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/football?tab=favourites');
  await expect(page.getByText('登录后查看收藏的比赛')).toBeVisible();
});

test('settings switches are stored as spec §3 and show or hide what they control', async ({ page }) => {
  await page.goto(PL_DAY);
  const list = await liveBoard(page);
  await expect(list.getByText('主胜').first()).toBeVisible();
  await expect(list.getByText('角球')).toHaveCount(0);
  await expect(list.getByTestId('half-time')).toHaveCount(0);
  await page.getByTestId('score-settings').click();
  const panel = page.getByRole('dialog', { name: '比分设置' });
  await expect(panel.getByTestId('setting-red')).toHaveAttribute('aria-checked', 'true');
  await expect(panel.getByTestId('setting-voice')).toHaveAttribute('aria-checked', 'false');
  await panel.getByTestId('setting-value1').click();
  await panel.getByTestId('setting-value3').click();
  await panel.getByTestId('setting-value4').click();
  await panel.getByTestId('setting-voice').click();
  await expect(list.getByText('主胜')).toHaveCount(0);
  await expect(list.getByText('角球').first()).toBeVisible();
  await expect(rowOf(page, '曼城').getByTestId('half-time')).toHaveText('2-0');
  const stored = await page.evaluate(() => ({
    game: JSON.parse(localStorage.getItem('game') ?? 'null'),
    immediately: JSON.parse(localStorage.getItem('immediately') ?? 'null'),
  }));
  expect(stored).toEqual({
    game: { red: true, voice: true, yellow: true, voice1: false },
    immediately: { value1: false, value2: true, value3: true, value4: true },
  });
  await page.reload();
  const again = await liveBoard(page);
  await expect(again.getByText('角球').first()).toBeVisible();
  await expect(again.getByText('主胜')).toHaveCount(0);
});

test('a goal push shows the pop-up on any page, with the chime when sound is on', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    localStorage.setItem('game', JSON.stringify({ red: true, voice: true, yellow: true }));
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(`${this.src}|${this.loop}`);
      return Promise.resolve();
    };
  });
  const socket = await tapSocket(page);
  await page.goto('/main');
  const goal = {
    type: 'goal',
    data: {
      match_id: 999_001,
      iszhu: 1,
      match_str: "108'",
      home_team_name_zh: '阿根廷',
      away_team_name_zh: '法国',
      home_score: 3,
      away_score: 2,
      source: 'replay',
    },
  };
  const popup = page.getByTestId('goal-popup');
  // On a busy machine the page may still be finishing its socket handshake: send again until it shows.
  await expect(async () => {
    if (!(await popup.count())) await socket.push(goal);
    await expect(popup).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(popup).toContainText('进球！');
  await expect(popup).toContainText("108'");
  await expect(popup).toContainText('重播');
  await expect(popup.getByTestId('goal-score')).toHaveText('3 - 2');
  await expect(popup).toContainText('阿根廷');
  await expect(popup).toContainText('法国');
  // The chime, looped while the pop-up shows (a live preview's video on the page may have played first).
  const played = await page.evaluate(() => (window as unknown as { played: string[] }).played);
  expect(played).toContainEqual(expect.stringMatching(/\/sounds\/goal\.wav\|true$/));
  await popup.getByRole('button', { name: '关闭' }).click();
  await expect(popup).toHaveCount(0);
});

test.describe('in the reader’s own zone', () => {
  // A reader in the UK: London's zone, and British English's 24-hour clock (lib/time/format-locale.ts).
  test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

  test('/en/football shows the day in English at UK kick-off times', async ({ page }) => {
    await page.goto('/en/football?tab=results&day=2025-01-04');
    await expect(page).toHaveTitle('Football live scores - Kickoff Live');
    await expect(page.getByRole('region', { name: 'Premier League' })).toBeVisible();
    const city = rowOf(page, 'Manchester City FC');
    await expect(city.getByTestId('away-team')).toHaveText('West Ham United FC');
    await expect(city.getByTestId('match-score')).toHaveText('4 - 1');
    await expect(city.getByTestId('match-status')).toHaveText('FT');
    // The browser's zone reaches the server once (a cookie), then the day is cut at London's midnight.
    await expect(city).toContainText('15:00');
    await expect(page.getByRole('region', { name: 'Premier League' }).getByTestId('score-row')).toHaveCount(
      7,
    );
  });
});

test.describe('simulated sports', () => {
  test.use({ timezoneId: 'UTC' });

  test('/basketball shows fictional teams labelled simulated', async ({ page }) => {
    let tab = 'live';
    for (const candidate of ['live', 'results', 'schedule']) {
      if ((await boardRows(page, { sport: 'basketball', tab: candidate, time_zone: 'UTC' })).length) {
        tab = candidate;
        break;
      }
    }
    await page.goto(`/basketball?tab=${tab}`);
    await expect(page).toHaveTitle('篮球即时比分 - 开球直播');
    const row = page.getByTestId('score-row').first();
    await expect(row.getByTestId('simulated-label')).toHaveText('模拟');
    expect(FICTIONAL_BASKETBALL).toContain(await row.getByTestId('home-team').textContent());
    await page.getByRole('link', { name: '电竞' }).click();
    await expect(page).toHaveURL(/\/football\?sport=esports/);
    await expect(page).toHaveTitle('电竞即时比分 - 开球直播');
    await expect(page.getByRole('link', { name: '电竞' })).toHaveAttribute('aria-current', 'page');
  });
});
