// Databases, World Cup and the home page's match blocks, on the seeded openfootball data and the
// feeds' replays and simulations.
import { expect, test } from './fixtures';

test('the Premier League 2024-25: final table, a round of results, and a team page', async ({ page }) => {
  await page.goto('/base-football?competition=en.1&season=2024-25');
  await expect(page).toHaveTitle('足球资料库 - 开球直播');
  await expect(page.getByRole('heading', { level: 1, name: '英超' })).toBeVisible();
  const table = page.getByRole('region', { name: '积分榜' }).getByRole('table');
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('利物浦');
  await expect(first.getByRole('cell').nth(8)).toHaveText('84');
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('欧冠', { exact: true }).last()).toBeVisible();

  const rounds = page.getByRole('region', { name: '赛程赛果' });
  await rounds.locator('summary').click();
  await rounds.getByRole('link', { name: '第1轮', exact: true }).click();
  await expect(page).toHaveURL(/round=Matchday(\+|%20)1$/);
  const opener = page
    .getByRole('region', { name: '赛程赛果' })
    .getByRole('listitem')
    .filter({ hasText: '曼联' });
  await expect(opener).toContainText('1 - 0');
  await expect(opener).toContainText('富勒姆');

  await expect(page.getByRole('region', { name: '射手榜' })).toContainText('数据源没有提供这个赛事的进球者');

  await table.getByRole('link', { name: '利物浦' }).click();
  await expect(page).toHaveURL(/team=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '利物浦' })).toBeVisible();
  const results = page.getByRole('region', { name: '赛果', exact: true });
  await expect(results.getByRole('listitem').first()).toContainText(/\d+ - \d+/);
  await page.getByRole('link', { name: '近10场' }).click();
  await expect(page.getByRole('region', { name: '近期战绩' })).toContainText(/\d+胜 \d+平 \d+负/);
});

test('World Cup 2022 in the database has top scorers (Messi 7)', async ({ page }) => {
  await page.goto('/base-football?competition=worldcup&season=2022');
  const scorers = page.getByRole('region', { name: '射手榜' }).getByRole('row');
  await expect(scorers.nth(1)).toContainText('Lionel Messi');
  await expect(scorers.nth(1)).toContainText('阿根廷');
  await expect(scorers.nth(1).getByRole('cell').nth(3)).toHaveText('7');
});

test('/trophy/home?year=2022: Group C led by Argentina and the final 3–3 (4–2 pens)', async ({ page }) => {
  await page.goto('/trophy/home?year=2022');
  await expect(page.getByRole('heading', { level: 1, name: '2022 世界杯' })).toBeVisible();
  const groupC = page.getByTestId('group-table').filter({ hasText: 'C组' });
  await expect(groupC.getByRole('row').nth(1)).toContainText('阿根廷');
  await expect(page.getByTestId('group-table')).toHaveCount(8);
  const final = page.getByTestId('bracket-match').filter({ hasText: '阿根廷' }).filter({ hasText: '法国' });
  await expect(final).toHaveCount(1);
  await expect(final).toContainText(/阿根廷\s*3\s*\(4\)/);
  await expect(final).toContainText(/法国\s*3\s*\(2\)/);

  await page.getByRole('link', { name: '全部比赛' }).click();
  await page.getByRole('link', { name: '按轮次' }).click();
  await expect(page).toHaveURL(/view=matches&by=round/);
  const finalRow = page.getByRole('listitem').filter({ hasText: '点球 4-2' }).filter({ hasText: '法国' });
  await expect(finalRow).toContainText("Lionel Messi 23'（点球）");
  await page.getByRole('link', { name: '球场' }).click();
  await expect(page.getByRole('cell', { name: 'Lusail Stadium' })).toBeVisible();
});

test('/trophy/home shows the 2026 groups, the round of 32 and the squads', async ({ page }) => {
  await page.goto('/trophy/home');
  await expect(page.getByRole('heading', { level: 1, name: '2026 世界杯' })).toBeVisible();
  await expect(page.getByTestId('group-table')).toHaveCount(12);
  await expect(page.getByRole('heading', { name: '32强' })).toBeVisible();
  await page.getByRole('link', { name: '球队阵容' }).click();
  await expect(page).toHaveURL(/view=squads/);
  await page.getByRole('link', { name: '阿根廷' }).click();
  const squad = page.getByTestId('squad-table');
  await expect(squad).toContainText('Lionel Messi');
  expect(await squad.getByRole('row').count()).toBeGreaterThan(23);
});

test('/main shows featured matches, the match blocks and the standings block', async ({ page }) => {
  await page.goto('/main');
  await expect(page.getByRole('heading', { name: '热门主播' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '赛事推荐' })).toBeVisible();
  for (const name of ['正在进行', '即将开赛', '今日完场', '最新赛果']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  // The latest real results are the 2026 World Cup's last days: the final, Spain v Argentina.
  await expect(page.getByRole('region', { name: '最新赛果' }).getByRole('listitem').first()).toContainText(
    '西班牙',
  );
  const standings = page.getByRole('region', { name: '联赛积分榜' });
  await expect(standings.getByRole('row')).toHaveCount(11);
  await standings.getByRole('link', { name: '德甲' }).click();
  await expect(page).toHaveURL(/league=de\.1/);
  await expect(page.getByRole('region', { name: '联赛积分榜' })).toContainText('拜仁慕尼黑');
  // Replays and simulations say what they are.
  const labelled = page.getByTestId('hot-match').filter({ hasText: /重播|模拟/ });
  expect(await labelled.count()).toBe(await page.getByTestId('hot-match').count());
});

test('/base-basketball shows the simulated league, labelled simulated', async ({ page }) => {
  await page.goto('/base-basketball');
  await expect(page.getByRole('heading', { level: 1, name: '模拟篮球联赛' })).toBeVisible();
  await expect(page.getByText('虚构球队，比分由模拟器生成，不是真实比赛')).toBeVisible();
  const table = page.getByRole('region', { name: '积分榜' }).getByRole('row');
  await expect(table).toHaveCount(9);
  await expect(page.getByRole('region', { name: '积分榜' })).toContainText('红石公羊');
});

test('in English: the 2022 World Cup groups and bracket', async ({ page }) => {
  await page.goto('/en/trophy/home?year=2022');
  await expect(page).toHaveTitle('World Cup - Kickoff Live');
  const groupC = page.getByTestId('group-table').filter({ hasText: 'Group C' });
  await expect(groupC.getByRole('row').nth(1)).toContainText('Argentina');
  await expect(page.getByRole('heading', { name: 'Round of 16' })).toBeVisible();
});

test('in Vietnamese: the Premier League table', async ({ page }) => {
  await page.goto('/vi/base-football?competition=en.1&season=2024-25');
  await expect(page.getByRole('heading', { level: 1, name: 'Ngoại hạng Anh' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Bảng xếp hạng' }).getByRole('table');
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(8)).toHaveText('84');
  await expect(page.getByRole('region', { name: 'Vua phá lưới' })).toContainText('Nguồn dữ liệu không ghi');
});
