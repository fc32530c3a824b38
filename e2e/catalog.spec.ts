// The console's catalogues, seen from both sides (issue 29, item 4): an operator writes and publishes a
// news article in the editor and a visitor reads it (marks rendered, no markup let through); changes a
// gift's price in the catalogue and the public catalogue has it at once; rewrites the English "about us"
// page and a visitor reads it — then puts it back; lowers the gift value that asks for confirmation, and a
// viewer's small gift goes through the spend sheet — then unsets it. These change what every visitor sees:
// @sitewide. And
// each catalogue page opens for the roles its routes declare (finance: money; moderator: words), no others.
// An operator's pop-up shows once to visitors. The @sitewide tests all live here and run in order in one
// worker (the pop-up's modal covers every page, so it must never overlap another of them).
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { liveRooms } from '@/lib/live/schema';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'default' });

const shots = process.env.SHOTS_DIR;
const shoot = async (target: Page | Locator, name: string) => {
  if (shots) await target.screenshot({ path: `${shots}/catalog-${name}.png`, fullPage: true });
};

test('an operator publishes an article from the editor and a visitor reads it @sitewide', async ({
  asOperator,
  page,
}) => {
  const title = `编辑部测试 ${randomInt(1e6)}`;
  await asOperator.goto('/admin/news');
  await expect(asOperator.getByRole('heading', { name: '资讯管理', level: 1 })).toBeVisible();
  await asOperator.getByTestId('news-new').click();
  await expect(asOperator.getByTestId('news-editor')).toBeVisible();
  await asOperator.getByTestId('news-title').fill(title);
  await asOperator
    .getByTestId('news-body-input')
    .fill('## 看点\n\n**主队**连胜。<script>alert(1)</script>\n\n- 首发\n- 伤停');
  await asOperator.getByTestId('news-reason').fill('赛前看点');
  await shoot(asOperator, 'editor');
  await asOperator.getByTestId('news-save').click();
  await expect(asOperator).toHaveURL(/\/admin\/news$/);
  const row = asOperator.getByTestId('data-row').filter({ hasText: title });
  await expect(row.getByTestId('news-state')).toHaveText('已发布');
  await shoot(asOperator, 'news');

  await page.goto('/news');
  await page.getByRole('link', { name: title }).first().click();
  const body = page.getByTestId('news-body');
  await expect(body.getByRole('heading', { name: '看点' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('主队');
  await expect(body.getByRole('listitem')).toHaveText(['首发', '伤停']);
  // Typed markup is text, never markup.
  await expect(body).toContainText('<script>alert(1)</script>');
  await expect(body.locator('script')).toHaveCount(0);

  // Taken down from the desk: gone for readers.
  const articleUrl = page.url();
  // The console's reason dialog, not the browser's confirm().
  await row.getByRole('button', { name: '下架' }).click();
  const reasonDialog = asOperator.getByTestId('reason-dialog');
  await reasonDialog.getByRole('radio', { name: '虚假信息' }).check();
  await Promise.all([
    asOperator.waitForResponse((response) => response.url().includes('/api/admin/news/delete')),
    reasonDialog.getByTestId('reason-confirm').click(),
  ]);
  await expect(row.getByTestId('news-state')).toHaveText('已下架');
  const gone = await page.goto(articleUrl);
  expect(gone?.status()).toBe(404);
});

test('an operator changes a gift’s price and the catalogue has it at once @sitewide', async ({
  asOperator,
  page,
}) => {
  const code = `e2e_${randomInt(1e6)}`;
  const names = { 'zh-CN': '测试哨', 'zh-TW': '測試哨', en: 'Test whistle', vi: 'Còi thử' };
  const made = await asOperator.request.post('/api/admin/gifts/save', {
    data: { code, names, price: 3, tier: 'small', sort: 9000 },
  });
  expect((await made.json()).code).toBe(0);

  await asOperator.goto(`/admin/gifts?search=${code}`);
  const row = asOperator.getByTestId('data-row').filter({ hasText: code });
  await expect(row.getByTestId('gift-price')).toHaveText('3');
  await row.getByTestId('gift-edit').click();
  const dialog = asOperator.getByTestId('edit-dialog');
  await dialog.getByTestId('gift-price-input').fill('42');
  await dialog.getByTestId('edit-reason').fill('节日调价');
  await shoot(dialog, 'gift');
  await dialog.getByTestId('edit-save').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('gift-price')).toHaveText('42');

  const list = await page.request.get('/api/Gift/getList');
  const gift = ((await list.json()).data.list as { code: string; price: number }[]).find(
    (g) => g.code === code,
  );
  expect(gift?.price).toBe(42);
  // Off the shelf again for the other specs' gift bars.
  await asOperator.request.post('/api/admin/gifts/save', {
    data: { code, names, price: 42, tier: 'small', sort: 9000, active: false },
  });
});

test('an operator lowers the gift confirmation threshold and a small gift asks first @sitewide', async ({
  asOperator,
  asUser,
}) => {
  const [room] = await withDatabase((db) =>
    db
      .select({ id: liveRooms.id })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(eq(users.mobile, '13800000002')),
  );
  await asOperator.goto('/admin/settings');
  const field = asOperator.getByTestId('setting-giftConfirmStars');
  await expect(field).toHaveAttribute('placeholder', '1000');
  await field.fill('10');
  await asOperator.getByTestId('settings-spend-save').click();
  await expect(asOperator.getByText('当前：单次 10 星钻及以上需要确认；留空恢复默认值')).toBeVisible();
  try {
    await asUser.goto(`/live?id=${room!.id}`);
    await asUser.getByTestId('gift-rose').click();
    await asUser.getByRole('button', { name: '×10' }).click();
    await asUser.getByTestId('gift-send').click();
    const sheet = asUser.getByTestId('spend-confirm');
    await expect(sheet.getByTestId('spend-price')).toHaveText('10 星钻');
    await expect(sheet.getByTestId('spend-terms')).toContainText('单次送礼达到 10 星钻时需要确认');
    await asUser.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  } finally {
    await field.fill('');
    await asOperator.getByTestId('settings-spend-save').click();
    await expect(asOperator.getByText('当前：单次 1000 星钻及以上需要确认；留空恢复默认值')).toBeVisible();
  }
});

test('an operator rewrites the English about page and a visitor reads it @sitewide', async ({
  asOperator,
  page,
}) => {
  const heading = `About the club ${randomInt(1e6)}`;
  // From the shipped text, whatever an earlier run on a kept database left.
  await asOperator.request.post('/api/admin/legal/reset', { data: { document: 'aboutUs', locale: 'en' } });
  await asOperator.goto('/en/admin/legal?doc=aboutUs&lang=en');
  await expect(asOperator.getByTestId('legal-source')).toContainText('text the portal ships');
  await asOperator.getByTestId('legal-title').fill(heading);
  await asOperator.getByTestId('legal-body').fill('We stream football.\n\nWrite to us any time.');
  await asOperator.getByTestId('legal-save').click();
  await expect(asOperator.getByTestId('legal-source')).toContainText('your team wrote');
  await shoot(asOperator, 'legal');

  await page.goto('/en/about-user?type=2');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Write to us any time.');
  // Other languages keep the shipped text.
  await page.goto('/vi/about-user?type=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Về chúng tôi' })).toBeVisible();

  asOperator.once('dialog', (dialog) => dialog.accept());
  await asOperator.getByRole('button', { name: 'Back to the shipped text' }).click();
  await expect(asOperator.getByTestId('legal-source')).toContainText('text the portal ships');
});

test('each catalogue page opens for the roles its routes declare, and only for them', async ({
  asOperator,
  asFinance,
  asModerator,
}) => {
  for (const [path, heading] of [
    ['/admin/promos?kind=popup', '横幅、广告、活动与弹窗'],
    ['/admin/hot-search', '热搜管理'],
    ['/admin/review-settings', '审核设置'],
    ['/admin/sensitive-words', '敏感词'],
  ] as const) {
    await asOperator.goto(path);
    await expect(asOperator.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await shoot(asOperator, path.split(/[/?]/)[2]!);
  }
  // Finance keeps the money catalogues, not the content ones.
  await asFinance.goto('/admin/recharge');
  await expect(asFinance.getByTestId('data-row').first()).toContainText('¥');
  await shoot(asFinance, 'recharge');
  await asFinance.goto('/admin/shop-orders');
  await expect(asFinance.getByRole('heading', { level: 1, name: '实物兑换订单' })).toBeVisible();
  expect((await asFinance.goto('/admin/news'))?.status()).toBe(403);
  // A moderator keeps the sensitive words, not the gifts.
  await asModerator.goto('/admin/sensitive-words');
  await expect(asModerator.getByRole('heading', { level: 1, name: '敏感词' })).toBeVisible();
  expect((await asModerator.goto('/admin/gifts'))?.status()).toBe(403);
});

test('a signed-in operator’s pop-up shows once to visitors @sitewide', async ({ asOperator, page }) => {
  const saved = await asOperator.request.post('/api/admin/popup/save', {
    data: { title: { 'zh-CN': '欧冠之夜', en: 'Champions League night' }, body: { 'zh-CN': '今晚八点开播' } },
  });
  const { code, data } = await saved.json();
  expect(code).toBe(0);
  try {
    await page.goto('/main');
    const dialog = page.getByRole('dialog', { name: '欧冠之夜' });
    await expect(dialog).toContainText('今晚八点开播');
    await dialog.getByRole('button', { name: '关闭弹窗' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: '热门主播' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await asOperator.request.post('/api/admin/popup/delete', { data: { id: data.id } });
  }
});
