// Search, the personal space and the download page end to end: the top bar's box opens the results in
// a new tab (a pinyin query finds the seeded streamer 解说老李), keeps the history and clears it, shows
// the hot searches, refuses 11 characters; the results page finds a team by Traditional Chinese and
// prints markup as text; videos are found by pinyin initials and Traditional Chinese and the author's
// /persona lists them; /persona shows an anchor's posts, follow works and fills the fans and follows
// tabs, an unknown uid is the 404 page; /downLoad gives the site's address and home-screen tutorials.
import { randomInt } from 'node:crypto';
import { E2E_MOBILE_SITE } from '../playwright.config';
import { freshUserPage } from './accounts';
import { expect, test } from './fixtures';

test('the top bar search opens the results in a new tab, with pinyin, history and hot searches', async ({
  page,
  context,
}) => {
  // Two tabs, a reload and the hot list: on a busy 2-core machine this walk alone can take 90 s.
  test.setTimeout(180_000);
  await page.goto('/main');
  const box = page.getByRole('searchbox', { name: '搜索' });
  await box.click();
  await expect(page.getByTestId('search-panel')).toBeVisible();
  await box.fill('jieshuo');
  const opened = context.waitForEvent('page');
  const recorded = page.waitForResponse((response) => response.url().includes('/api/Search/record'));
  await box.press('Enter');
  const results = await opened;
  expect((await (await recorded).json()).code).toBe(0);
  await results.waitForLoadState();
  expect(new URL(results.url()).pathname).toBe('/search');
  expect(new URL(results.url()).searchParams.get('name')).toBe('jieshuo');
  await expect(results.getByTestId('search-title')).toHaveText('“jieshuo”的搜索结果');
  const streamers = results.locator('section[data-kind="anchor"]');
  await expect(streamers.getByText('解说老李', { exact: true })).toBeVisible();
  await results.getByRole('link', { name: '主播', exact: true }).click();
  await expect(results).toHaveURL(/tab=anchor/);
  await expect(results.getByRole('link', { name: '主播', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await results.close();

  // History and the hot list, after a reload so the hot list is fetched again.
  await page.reload();
  await page.getByRole('searchbox', { name: '搜索' }).click();
  await expect(page.getByTestId('search-history').getByRole('button', { name: 'jieshuo' })).toBeVisible();
  await expect(page.getByTestId('hot-searches').getByRole('button', { name: 'jieshuo' })).toBeVisible();
  await page.getByRole('button', { name: '清空' }).click();
  await expect(page.getByTestId('search-history')).toHaveCount(0);
  await expect(page.getByText('搜索过的内容会显示在这里')).toBeVisible();
});

test('the box takes at most 10 characters, and an 11-character address is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/main');
  const box = page.getByRole('searchbox', { name: '搜索' });
  // The panel opens once the box is hydrated: typing before would be reset by hydration.
  await box.click();
  await expect(page.getByTestId('search-panel')).toBeVisible({ timeout: 30_000 });
  await box.fill('一二三四五六七八九十一');
  await expect(box).toHaveValue('一二三四五六七八九十');
  await box.press('End');
  await box.pressSequentially('abc');
  await expect(box).toHaveValue('一二三四五六七八九十');
  await page.goto('/search?name=abcdefghijk');
  await expect(page.getByText('搜索内容最多 10 个字')).toBeVisible();
});

test('the results page finds a team by Traditional Chinese and prints markup as text', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`/search?name=${encodeURIComponent('阿森納')}`);
  await expect(page.locator('section[data-kind="team"]').getByText('阿森纳', { exact: true })).toBeVisible();
  await expect(page.locator('section[data-kind="match"] li').first()).toBeVisible();

  await page.goto(`/search?name=${encodeURIComponent('<b>x</b>')}`);
  await expect(page.getByTestId('search-title')).toHaveText('“<b>x</b>”的搜索结果');
  await expect(page.locator('h1 b')).toHaveCount(0);
  await expect(page.getByText('没有找到与“<b>x</b>”相关的内容')).toBeVisible();

  // Last: an /en page remembers English for the rest of the browser context.
  await page.goto('/en/search?name=asenna');
  await expect(page.locator('section[data-kind="team"]').getByText('Arsenal').first()).toBeVisible();
});

test('/persona shows an anchor’s posts, and following fills the fans and follows lists', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomInt(1_000_000);
  const { page: anchorPage, user: anchor } = await freshUserPage(browser, `空间主播${tag}`, {
    isAnchor: true,
  });
  const text = `今晚一起看德比 #${tag}`;
  const posted = await anchorPage.request.post('/api/anchor_dynamics_user/insert', {
    data: { content: text },
  });
  expect((await posted.json()).code).toBe(0);

  const { page: fan, user } = await freshUserPage(browser, `空间粉丝${tag}`);
  await fan.goto(`/persona?uid=${anchor.id}`);
  await expect(fan.getByRole('heading', { level: 1 })).toHaveText(anchor.nickname);
  await expect(fan.getByText(text)).toBeVisible();
  const follow = fan.getByRole('button', { name: /^关注/ });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(fan.getByRole('button', { name: /^已关注/ })).toHaveAttribute('aria-pressed', 'true');
  await fan.reload();
  await expect(fan.getByTestId('persona-stats')).toContainText('粉丝 1');
  await fan.getByRole('link', { name: '粉丝 1' }).click();
  await expect(fan.getByTestId('persona-fans').getByText(user.nickname)).toBeVisible();

  await fan.goto(`/persona?uid=${anchor.id}&tab=videos`);
  await expect(fan.getByText('还没有发布过视频')).toBeVisible();

  await fan.goto(`/persona?uid=${user.id}&tab=follows`);
  await expect(fan.getByTestId('persona-follows').getByText(anchor.nickname)).toBeVisible();

  await page.goto('/persona?uid=999999999');
  await expect(page).toHaveTitle(/页面不存在/);
});

test('search finds the seeded videos by pinyin initials; the author’s /persona lists their videos', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // 动态测试卡 typed as its pinyin initials, as fans type on Chinese sites.
  await page.goto('/search?name=dtcsk');
  const found = page.locator('section[data-kind="video"]');
  await expect(found.getByText('演示视频 · 动态测试卡', { exact: true })).toBeVisible();
  await page.goto(`/search?name=${encodeURIComponent('動態測試卡')}&tab=video`);
  const kinds = page.getByRole('navigation', { name: '结果分类' });
  await expect(kinds.getByRole('link', { name: '视频', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page
    .locator('section[data-kind="video"]')
    .getByText('演示视频 · 动态测试卡', { exact: true })
    .click();
  await expect(page).toHaveURL(/\/video-player\?id=\d+$/);
  await expect(page.getByTestId('video-title')).toHaveText('演示视频 · 动态测试卡');

  // The player's author box opens their personal space on the videos tab, with the seeded clips.
  await page.getByTestId('video-author').getByRole('link').click();
  await expect(page).toHaveURL(/\/persona\?uid=\d+&tab=videos$/);
  const videos = page.getByTestId('persona-videos');
  await expect(videos.getByText('演示视频 · 动态测试卡', { exact: true })).toBeVisible();
  await expect(videos.getByText('演示视频 · 彩条与 440 Hz 校准音', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^视频 \d+$/ })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: 'test-results/persona-videos.png', fullPage: true });
});

test('/downLoad: the portal address with a QR code and home-screen steps when no app is offered', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/downLoad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('在手机上用开球直播');
  const web = page.getByTestId('download-web');
  await expect(web.getByRole('img', { name: '开球直播手机访问二维码' })).toBeVisible();
  // The address a phone opens: the portal's mobile site, where phones are sent (set for the suite).
  const address = web.getByTestId('download-web-address');
  await expect(address).toHaveText(E2E_MOBILE_SITE);
  await expect(address).toHaveAttribute('href', E2E_MOBILE_SITE);
  // No app is configured: no app cards, and nothing addressed to the site's operator.
  await expect(page.locator('[data-platform]')).toHaveCount(0);
  await expect(page.getByText(/运营者|APP_IOS_URL|APP_ANDROID_URL/)).toHaveCount(0);
  const tabs = page.getByRole('tablist', { name: '安装教程' });
  await expect(tabs.getByRole('tab', { name: 'iPhone / iPad' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('用 Safari 打开本站')).toBeVisible();
  await expect(page.getByText('点“分享”按钮')).toBeVisible();
  await tabs.getByRole('tab', { name: 'Android' }).click();
  await expect(page.getByText('打开浏览器菜单')).toBeVisible();
  await expect(page.getByText('用 Safari 打开本站')).toBeHidden();
  await page.screenshot({ path: 'test-results/download.png', fullPage: true });
});
