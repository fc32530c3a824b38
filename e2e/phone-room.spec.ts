// The live room on a phone (issue 42): an iPhone-sized touch screen, 390 × 844. The player stays pinned
// at the top while the viewer types in the chat; gifts, recharge, nobility (its payment PIN set in the
// sheet), fan club and fun-guess open as bottom sheets and act without leaving the room; the tabs show
// the anchor and the ranking; held sideways, the video fills the screen with its danmaku layer and a
// gift button. One viewer, one page, one test (CI's two cores are busy).
import { randomInt } from 'node:crypto';
import { devices, type Locator, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { FORCE_DESKTOP_COOKIE } from '@/lib/mobile-redirect';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { E2E_BASE_URL, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { payAtSandbox } from './checkout';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const SHOTS = 'test-results/phone-room';
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

/** The element lies wholly inside the viewport. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box.y, `${what}'s top`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${what}'s left`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}'s bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width, `${what}'s right`).toBeLessThanOrEqual(viewport.width + 0.5);
  return box;
}

test('a live room on a phone: pinned player while typing, sheets that stay in the room, tabs, landscape', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const now = await serverNow();
  const nickname = `掌上观众${randomInt(1e6)}`;
  const { room, token } = await withDatabase(async (db) => {
    const [anchor] = await db
      .insert(users)
      .values({
        mobile: `173${String(randomInt(0, 1e8)).padStart(8, '0')}`,
        nickname: `掌上主播${randomInt(1e6)}`,
        isAnchor: true,
      })
      .returning();
    const made = await ensureRoom(db, anchor!.id, { title: '手机直播间：球员通道直击' });
    await db.update(liveRooms).set({ status: 'live', liveSince: now }).where(eq(liveRooms.id, made.id));
    const [viewer] = await db
      .insert(users)
      .values({ mobile: `174${String(randomInt(0, 1e8)).padStart(8, '0')}`, nickname })
      .returning();
    await runOperation(db, {
      key: `e2e:phone-room:${viewer!.id}`,
      kind: 'reward',
      userId: viewer!.id,
      payload: {},
      now,
      prepare: async () => ({ legs: [mintLeg(viewer!.id, 'star', 1_000)], result: {} }),
    });
    return { room: made, token: (await createSession(db, viewer!.id, now)).token };
  });

  const { userAgent, deviceScaleFactor } = devices['iPhone 13'];
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    timezoneId: E2E_TIME_ZONE,
    viewport: PORTRAIT,
    userAgent,
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  // The e2e portal has a mobile site: this cookie keeps the phone on the portal (a fresh install).
  await context.addCookies([
    { name: 'token', value: token, url: E2E_BASE_URL, httpOnly: true },
    { name: FORCE_DESKTOP_COOKIE, value: '1', url: E2E_BASE_URL },
  ]);
  const page = await context.newPage();
  const roomUrl = new RegExp(`/live\\?id=${room.id}$`);
  await page.goto(`/live?id=${room.id}`);

  // One screen: the player under the top bar, the chat's title and input in view, nothing to scroll.
  const stage = page.getByTestId('stage');
  const chat = page.getByTestId('room-chat');
  const input = chat.getByTestId('chat-input');
  await expect(chat.getByTestId('chat-notice-enter').filter({ hasText: nickname })).toBeVisible({
    timeout: 20_000,
  });
  const stageBox = await expectInView(page, stage, 'the player');
  expect(stageBox.width).toBe(390);
  expect(Math.abs(stageBox.height - (390 * 9) / 16)).toBeLessThanOrEqual(1);
  await expectInView(page, chat.getByRole('heading'), 'the chat title');
  await expectInView(page, input, 'the chat input');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/portrait.png` });

  // Typing: the input takes focus, the player stays where it was.
  await input.tap();
  await expect(input).toBeFocused();
  const line = `手机上聊球 ${randomInt(1e6)}`;
  await page.keyboard.type(line);
  expect((await expectInView(page, stage, 'the player while typing')).y).toBe(stageBox.y);
  await expectInView(page, input, 'the chat input while typing');
  await page.keyboard.press('Enter');
  await expect(chat.getByTestId('chat-line').filter({ hasText: line })).toBeVisible();
  expect((await expectInView(page, stage, 'the player after sending')).y).toBe(stageBox.y);

  // Gifts: a bottom sheet; a rose sent from it.
  await page.getByTestId('phone-gifts').tap();
  const gifts = page.getByTestId('gift-sheet');
  await expect(gifts).toBeVisible();
  const giftsBox = await expectInView(page, gifts, 'the gift sheet');
  expect(giftsBox.y + giftsBox.height).toBeCloseTo(844, 0);
  await expect(gifts.getByTestId('gift-balance')).toHaveText('星钻 1,000');
  await gifts.getByTestId('gift-rose').tap();
  await gifts.getByRole('button', { name: '×1', exact: true }).tap();
  await gifts.getByTestId('gift-send').tap();
  await expect(gifts.getByTestId('gift-balance')).toHaveText('星钻 999');
  await page.screenshot({ path: `${SHOTS}/portrait-gifts.png` });
  await gifts.getByRole('button', { name: '关闭' }).tap();
  await expect(gifts).toBeHidden();
  await expect(page).toHaveURL(roomUrl);

  // Recharge: the wallet's dialog as a sheet; the sandbox checkout in its own window credits 700.
  await page.getByTestId('phone-recharge').tap();
  const recharge = page.getByTestId('recharge-dialog');
  await expect(recharge.getByRole('heading', { name: '充值星钻' })).toBeVisible();
  expect((await expectInView(page, recharge, 'the recharge sheet')).width).toBe(390);
  await recharge.getByTestId('package-CNY-680').tap();
  await recharge.getByRole('radio', { name: '沙盒支付（测试）' }).check();
  const opened = page.waitForEvent('popup');
  await recharge.getByTestId('recharge-pay').tap();
  const checkout = await opened;
  await payAtSandbox(checkout);
  await expect(checkout.getByTestId('checkout-result')).toHaveText('支付成功，700 星钻已到账');
  await checkout.close();
  await expect(recharge.getByTestId('recharge-balance')).toHaveText('1,699');
  await page.screenshot({ path: `${SHOTS}/portrait-recharge.png` });
  await recharge.getByRole('button', { name: '完成' }).tap();
  await expect(recharge).toHaveCount(0);
  await expect(page).toHaveURL(roomUrl);

  // Nobility: priced and paid in the star diamonds the viewer holds; no payment PIN yet, so the spend
  // sheet sets one in place and pays with it.
  await page.getByTestId('nobility-open').tap();
  const nobility = page.getByTestId('nobility-dialog');
  await expect(nobility.getByTestId('nobility-charge')).toHaveText('需支付 300 星钻');
  expect((await expectInView(page, nobility, 'the nobility sheet')).width).toBe(390);
  await nobility.getByTestId('nobility-submit').tap();
  const spend = page.getByTestId('spend-confirm');
  await expect(spend.getByTestId('spend-balance-after')).toHaveText('1,399 星钻');
  await spend.getByTestId('spend-password-new').fill('246810');
  await spend.getByTestId('spend-password-again').fill('246810');
  await page.screenshot({ path: `${SHOTS}/portrait-nobility-pin.png` });
  await spend.getByTestId('spend-confirm-submit').tap();
  await expect(nobility).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('nobility-open')).toHaveText('续费 / 升级');
  await expect(page).toHaveURL(roomUrl);

  // Fan club and fun-guess: sheets too.
  await page.getByTestId('phone-fan-club').tap();
  const club = page.getByTestId('fan-club-dialog');
  await expect(club).toBeVisible();
  expect((await expectInView(page, club, 'the fan club sheet')).width).toBe(390);
  await page.keyboard.press('Escape');
  await expect(club).toBeHidden();
  await page.getByTestId('phone-guess').tap();
  const guess = page.getByTestId('guess-sheet');
  await expect(guess.getByTestId('guess-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(guess).toBeHidden();

  // The money went where it should: 1,000 − 1 (rose) + 700 (recharge) − 300 (nobility).
  await page.getByTestId('phone-gifts').tap();
  await expect(gifts.getByTestId('gift-balance')).toHaveText('星钻 1,399');
  await page.keyboard.press('Escape');

  // The tabs: the anchor's card, then the ranking with this viewer's rose.
  await page.getByTestId('room-tab-anchor').tap();
  await expect(page.getByTestId('room-title')).toHaveText('手机直播间：球员通道直击');
  await expect(chat).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/portrait-anchor.png` });
  await page.getByTestId('room-tab-rank').tap();
  await expect(page.getByTestId('gift-contribution')).toContainText(nickname);
  await page.screenshot({ path: `${SHOTS}/portrait-rank.png` });
  await page.getByTestId('room-tab-chat').tap();
  await expect(input).toBeVisible();

  // Held sideways: the video fills the screen, its danmaku layer over it, the gift button opens the sheet.
  await page.setViewportSize(LANDSCAPE);
  await expect
    .poll(async () => {
      const box = await stage.boundingBox();
      return box && [box.x, box.y, box.width, box.height].map(Math.round);
    })
    .toEqual([0, 0, 844, 390]);
  const danmaku = stage.locator('[data-show]');
  expect(await danmaku.boundingBox()).toEqual(await stage.boundingBox());
  await page.screenshot({ path: `${SHOTS}/landscape.png` });
  await stage.getByTestId('landscape-gifts').tap();
  await expect(gifts).toBeVisible();
  await expect(gifts.getByTestId('gift-rose')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/landscape-gifts.png` });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(roomUrl);
  await context.close();
});
