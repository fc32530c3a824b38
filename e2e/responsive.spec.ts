// Every width from 320 to 1920 px (issue 31). Without a mobile site the portal itself serves phones: the
// e2e portal has MOBILE_SITE_URL set, so these contexts carry the `force_desktop` cookie `?desktop=1`
// leaves, which is what a fresh install (no mobile site) amounts to. Checked by element boxes: no two
// items of the top bar intersect, every one lies inside the viewport, and the page never scrolls sideways.
import { randomInt } from 'node:crypto';
import { type Browser, type BrowserContext, devices, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { E2E_BASE_URL, E2E_SAME_ORIGIN } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { storageStatePath } from './roles';

const WIDTHS = [390, 768, 992, 1280, 1440, 1920];
/** Each language on the page the issue saw overlap on, or a busy one. */
const LOCALES = [
  { locale: 'zh-CN', path: '/main' },
  { locale: 'zh-TW', path: '/zh-TW/football' },
  { locale: 'en', path: '/en/news' },
  { locale: 'vi', path: '/vi/circle' },
] as const;
const SHOTS = 'test-results/responsive';

const portalCookie = { name: FORCE_DESKTOP_COOKIE, value: '1', url: E2E_BASE_URL };

async function portalContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    ...options,
  });
  await context.addCookies([portalCookie]);
  return context;
}

/**
 * What is wrong with the top bar's layout right now, as sentences (none: it is right). Its items are the
 * links, buttons and the search box a reader can see (hover menus, closed and clipped entries are not
 * visible); an item inside another (the search box's button) belongs to that one.
 */
function headerProblems(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="top-bar"]')!;
    const width = window.innerWidth;
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement!.scrollWidth;
    if (scrollWidth > width) problems.push(`the page scrolls sideways: ${scrollWidth} > ${width}`);
    const candidates = [...bar.querySelectorAll<HTMLElement>('a, button, search')].filter((element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    );
    const items = candidates.filter(
      (element) => !candidates.some((other) => other !== element && other.contains(element)),
    );
    const boxes = items.map((element) => ({
      name: (element.getAttribute('aria-label') || element.textContent || element.tagName).trim(),
      box: element.getBoundingClientRect(),
    }));
    if (boxes.length < 3) problems.push(`only ${boxes.length} items`);
    for (const { name, box } of boxes) {
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5) {
        problems.push(`"${name}" leaves the viewport: ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.box;
        const b = boxes[j]!.box;
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (overlapX > 0.5 && overlapY > 0.5) problems.push(`"${boxes[i]!.name}" covers "${boxes[j]!.name}"`);
      }
    }
    return problems;
  });
}

async function checkWidths(page: Page, label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => headerProblems(page), { message: `${label} at ${width} px`, timeout: 10_000 })
      .toEqual([]);
  }
}

for (const signedIn of [false, true]) {
  test(`the top bar fits at every width in every language, ${signedIn ? 'signed in' : 'as a guest'}`, async ({
    browser,
  }) => {
    test.slow();
    const context = await portalContext(
      browser,
      signedIn ? { storageState: storageStatePath('user') } : undefined,
    );
    const page = await context.newPage();
    for (const { locale, path } of LOCALES) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId(signedIn ? 'user-menu' : 'login-entry')).toBeVisible();
      await checkWidths(page, `${locale}, ${signedIn ? 'signed in' : 'guest'}`);
    }
    await context.close();
  });
}

test('at 992 px and up, entries that do not fit are in the "more" menu', async ({ browser }) => {
  const context = await portalContext(browser, { storageState: storageStatePath('user') });
  const page = await context.newPage();
  await page.setViewportSize({ width: 992, height: 900 });
  await page.goto('/vi/circle');
  const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
  const more = nav.getByRole('button', { name: 'Thêm' });
  await expect(more).toBeVisible();
  // What the bar hides is exactly what the menu lists.
  const hidden = await nav
    .locator('[data-nav-item][data-overflow="true"] > a')
    .evaluateAll((links) => links.map((link) => link.textContent!.trim()));
  expect(hidden.length).toBeGreaterThan(0);
  await more.click();
  const menu = page.getByRole('menu');
  for (const name of hidden) await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Tải ứng dụng', exact: true }).click();
  await expect(page).toHaveURL(/\/vi\/downLoad$/);
  await page.screenshot({
    path: `${SHOTS}/header-992-vi.png`,
    clip: { x: 0, y: 0, width: 992, height: 260 },
  });

  // Wide enough, nothing is hidden and there is no menu (Vietnamese's longer names still need it at 1920).
  await page.setViewportSize({ width: 1920, height: 900 });
  await page.goto('/zh-TW/main');
  const wideNav = page.getByRole('navigation', { name: '主要導覽' });
  await expect(wideNav).toHaveAttribute('data-measured', 'true');
  await expect(wideNav.locator('[data-overflow="true"]')).toHaveCount(0);
  await expect(wideNav.getByRole('button', { name: '更多' })).toHaveCount(0);
  await expect(wideNav.getByRole('link', { name: 'APP下載', exact: true })).toBeVisible();
  await context.close();
});

// Every page on a phone (320-430 px, four languages, the console too) is e2e/phone-fit.spec.ts's.

async function liveRoomFor(nickname: string) {
  const { user } = await withDatabase(async (db) => {
    const [created] = await db
      .insert(users)
      .values({ mobile: `171${String(randomInt(0, 1e8)).padStart(8, '0')}`, nickname, isAnchor: true })
      .returning();
    return { user: created! };
  });
  return withDatabase(async (db) => {
    const made = await ensureRoom(db, user.id, {
      title: '手机观赛：一场标题很长的直播间看看会不会被挤成一列',
    });
    await db
      .update(liveRooms)
      .set({ status: 'live', liveSince: await serverNow() })
      .where(eq(liveRooms.id, made.id));
    return made;
  });
}

test('on an iPhone: sign in through the menu, open a live room, chat and send a gift', async ({
  browser,
}) => {
  test.slow();
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['iPhone 13'];
  const mobile = `172${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const nickname = `掌上球迷${randomInt(1e6)}`;
  await withDatabase(async (db) => {
    const [created] = await db
      .insert(users)
      .values({ mobile, nickname, passwordHash: await hashPassword('phone-pass') })
      .returning();
    await runOperation(db, {
      key: `e2e:phone-fund:${created!.id}`,
      kind: 'reward',
      userId: created!.id,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(created!.id, 'star', 100)], result: {} }),
    });
  });
  const room = await liveRoomFor(`掌上主播${randomInt(1e6)}`);
  const context: BrowserContext = await portalContext(browser, {
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const page = await context.newPage();
  await page.goto('/main');
  expect(page.viewportSize()).toEqual({ width: 390, height: 664 });
  await page.screenshot({ path: `${SHOTS}/home-390-guest.png` });

  // The menu button opens the navigation; its login entry opens the login dialog.
  const menuButton = page.getByRole('button', { name: '打开菜单' });
  await expect(async () => {
    await menuButton.tap();
    await expect(page.getByRole('dialog', { name: '菜单' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const sheet = page.getByRole('dialog', { name: '菜单' });
  await expect(sheet.getByRole('link', { name: '赛程', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/menu-390.png` });
  await sheet.getByRole('button', { name: '登录 / 注册' }).tap();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: '密码登录' }) });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('tab', { name: '密码登录' }).tap();
  await dialog.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await dialog.getByRole('textbox', { name: '密码' }).fill('phone-pass');
  const box = (await page.getByRole('dialog').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/login-390.png` });
  await page.getByRole('dialog').getByRole('button', { name: '登录', exact: true }).tap();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/home-390.png` });

  // The live room: the player full width, the chat below it (e2e/phone-room.spec.ts goes further).
  await page.goto(`/live?id=${room.id}`);
  const stage = page.getByTestId('stage');
  const chat = page.getByTestId('room-chat');
  await expect(chat.getByTestId('chat-notice-enter').filter({ hasText: nickname })).toBeVisible({
    timeout: 20_000,
  });
  const stageBox = (await stage.boundingBox())!;
  const chatBox = (await chat.boundingBox())!;
  expect(stageBox.width).toBeGreaterThanOrEqual(390 - 2 * 16);
  expect(chatBox.y).toBeGreaterThanOrEqual(stageBox.y + stageBox.height);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/live-390.png` });

  const line = `手机上也能聊 ${randomInt(1e6)}`;
  await chat.getByTestId('chat-input').fill(line);
  await chat.getByRole('button', { name: '发送' }).tap();
  await expect(chat.getByTestId('chat-line').filter({ hasText: line })).toBeVisible();

  // The gifts are a bottom sheet on a phone; the title is on the 主播 tab, on a line of its own.
  await page.getByTestId('phone-gifts').tap();
  await expect(page.getByTestId('gift-balance')).toHaveText('星钻 100');
  await page.getByTestId('gift-rose').tap();
  await page.getByRole('button', { name: '×1', exact: true }).tap();
  await page.getByTestId('gift-send').tap();
  await expect(page.getByTestId('gift-balance')).toHaveText('星钻 99');
  await page.screenshot({ path: `${SHOTS}/live-390-gift.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('room-tab-anchor').tap();
  const titleBox = (await page.getByTestId('room-title').boundingBox())!;
  expect(titleBox.width).toBeGreaterThan(200);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('screenshots at 1440: header, home and live room, signed in', async ({ browser }) => {
  const room = await liveRoomFor(`宽屏主播${randomInt(1e6)}`);
  const { page } = await freshUserPage(browser, `宽屏球迷${randomInt(1e6)}`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/main');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveAttribute(
    'data-measured',
    'true',
  );
  await page.screenshot({
    path: `${SHOTS}/header-1440-en.png`,
    clip: { x: 0, y: 0, width: 1440, height: 80 },
  });
  await page.screenshot({ path: `${SHOTS}/home-1440.png` });
  await page.goto(`/live?id=${room.id}`);
  await expect(page.getByTestId('room-chat')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/live-1440.png` });
  await page.context().close();
});
