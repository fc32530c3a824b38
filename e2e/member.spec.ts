// The user centre (/member): profile editing, payment password, real-name verification, tab rules.
// Tests that change data use an account of their own, so the seeded demo users stay as they are.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { cnIdCheckCharacter } from '@/lib/accounts/identity';
import { freshUserPage } from './accounts';
import { expect, test } from './fixtures';

test('the profile tab shows the seeded user', async ({ asUser }) => {
  await asUser.goto('/member');
  await expect(asUser).toHaveTitle('个人中心 - 开球直播');
  await expect(asUser.getByRole('heading', { level: 1, name: '个人资料' })).toBeVisible();
  await expect(asUser.getByTestId('member-nickname')).toHaveText('球迷小王');
  await expect(asUser.getByLabel('昵称')).toHaveValue('球迷小王');
  await expect(asUser.getByText('+86 138****0001')).toBeVisible();
  await expect(asUser.getByRole('radio', { name: '头像 1', exact: true })).toBeAttached();
});

test('a new nickname and avatar are kept after a reload; the invite code copies', async ({ browser }) => {
  const inviteCode = `E2${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  const { page } = await freshUserPage(browser, '改名前', { inviteCode });
  await page.goto('/member?type=1');
  await page.getByLabel('昵称').fill('改名之后');
  await page.getByRole('radio', { name: '头像 3', exact: true }).check();
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('资料已保存')).toBeVisible();
  await expect(page.getByTestId('member-nickname')).toHaveText('改名之后');
  await page.reload();
  await expect(page.getByLabel('昵称')).toHaveValue('改名之后');
  await expect(page.getByRole('radio', { name: '头像 3', exact: true })).toBeChecked();
  const chosen = await page.getByRole('img', { name: '当前头像' }).getAttribute('src');
  expect(chosen).toContain('/api/universal/avatar?');

  await page.getByRole('button', { name: '复制' }).click();
  await expect(page.getByText('邀请码已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteCode);
  await page.context().close();
});

test('a mismatched payment password is refused, a good one is saved', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '设置密码');
  await page.goto('/member');
  const card = page.locator('section', { has: page.getByRole('heading', { name: '支付密码' }) });
  await expect(card.getByText('未设置')).toBeVisible();
  await card.getByLabel('新支付密码').fill('135790');
  await card.getByLabel('确认支付密码').fill('135791');
  await card.getByRole('button', { name: '设置支付密码' }).click();
  await expect(card.getByRole('alert')).toHaveText('两次输入的支付密码不一致');
  await card.getByLabel('确认支付密码').fill('135790');
  await card.getByRole('button', { name: '设置支付密码' }).click();
  await expect(page.getByText('支付密码已保存')).toBeVisible();
  await expect(card.getByText('已设置')).toBeVisible();
  await expect(card.getByLabel('原支付密码')).toBeVisible();
  await page.context().close();
});

test('real-name verification with a valid resident ID shows verified', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '实名用户');
  const first17 = '44030419900307123';
  const idNumber = first17 + cnIdCheckCharacter(first17);
  await page.goto('/member');
  const card = page.locator('#verification');
  await expect(card.getByText('未认证')).toBeVisible();
  await card.getByLabel('真实姓名').fill('王小明');
  await card.getByLabel('证件号码').fill(idNumber);
  await card.getByRole('button', { name: '提交认证' }).click();
  await expect(card.getByText('已认证')).toBeVisible();
  await expect(card.getByText('王**')).toBeVisible();
  await expect(card.getByText(`440***********${idNumber.slice(-4)}`)).toBeVisible();
  await expect(card.getByRole('button', { name: '提交认证' })).toHaveCount(0);
  await page.context().close();
});

test('the anchor centre sends a user to the application tab', async ({ asUser }) => {
  await asUser.goto('/member?type=9');
  await expect(asUser).toHaveURL(/\/member\?type=7$/);
  await expect(asUser.getByRole('heading', { level: 1, name: '申请主播' })).toBeVisible();
  await expect(asUser.getByRole('heading', { level: 2, name: '申请成为主播' })).toBeVisible();
});

test('an anchor sees the anchor centre', async ({ asAnchor }) => {
  await asAnchor.goto('/member?type=9');
  await expect(asAnchor).toHaveURL(/\/member\?type=9$/);
  await expect(asAnchor.getByTestId('anchor-state')).toContainText('解说老李，你已是认证主播');
  const rail = asAnchor.getByRole('navigation', { name: '个人中心菜单' });
  await expect(rail.getByRole('link', { name: '主播中心' })).toHaveAttribute('aria-current', 'page');
  await expect(rail.getByRole('link', { name: '申请主播' })).toHaveCount(0);
  await expect(asAnchor.getByTestId('anchor-experience')).toContainText(/近三个月直播经验 \d[\d,]*\.\d/);
});

test('the level tab shows the real level and every threshold', async ({ asUser }) => {
  await asUser.goto('/member?type=5');
  await expect(asUser.getByTestId('member-level')).toHaveText('Lv.1');
  await expect(asUser.getByText('距离 Lv.2 还需 10 经验')).toBeVisible();
  await expect(asUser.getByRole('row', { name: /等级 60/ })).toContainText('17,700 经验');
});

test('/en/member speaks English, and guests are asked to sign in', async ({ asUser, page }) => {
  await asUser.goto('/en/member?type=2');
  await expect(asUser).toHaveTitle('My account - Kickoff Live');
  await expect(asUser.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  // The seed gives the demo viewer 2,000 star diamonds through the ledger.
  await expect(asUser.getByTestId('wallet-star')).toHaveText('2,000');
  await expect(asUser.getByRole('heading', { name: 'Top up star diamonds' })).toBeVisible();

  await page.goto('/member');
  await expect(page.getByRole('heading', { name: '请登录后重试' })).toBeVisible();
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
});

test('the personal-space shortcut opens the user’s public profile', async ({ asUser }) => {
  // Several page loads: on a loaded 2-core machine each took 3-10 s, past the 30 s default (×3 here).
  test.slow();
  await asUser.goto('/main');
  await asUser.getByTestId('user-menu').hover();
  await asUser.getByRole('link', { name: '个人空间' }).click();
  await expect(asUser).toHaveURL(/\/persona\?uid=\d+$/);
  await expect(asUser).toHaveTitle('个人空间 - 开球直播');
  await expect(asUser.getByRole('heading', { level: 1, name: '球迷小王' })).toBeVisible();
  await expect(asUser.getByRole('link', { name: '编辑资料' })).toHaveAttribute('href', '/member?type=1');

  const response = await asUser.goto('/persona?uid=999999');
  expect(response?.status()).toBe(404);
});

test('an uploaded picture becomes the avatar, re-encoded and served by the portal', async ({ browser }) => {
  const { page } = await freshUserPage(browser, '换个头像');
  await page.goto('/member?type=1');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1b1f2a' } })
    .png()
    .toBuffer();
  await page.getByLabel('上传头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const current = page.getByRole('img', { name: '当前头像' });
  await expect(current).toHaveAttribute('src', /^\/uploads\/avatar\/[0-9a-f]{32}\.webp$/);
  const src = (await current.getAttribute('src'))!;
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('资料已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('img', { name: '当前头像' })).toHaveAttribute('src', src);
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');

  await page.getByLabel('上传头像').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just text'),
  });
  await expect(page.getByText('无法识别的图片，请上传真实的图片文件')).toBeVisible();
  await page.context().close();
});
