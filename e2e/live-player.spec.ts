// The live room's player, made for live (issue #31): a real push plays with the stage's own controls —
// play/pause, mute, the 直播 mark and 回到直播 once the viewer is behind, no seek bar, no elapsed time, no
// native controls —, 弹幕 on/off and its settings on the player, 网页全屏 (Esc leaves) and full screen on
// the stage box (the controls and danmaku stay usable in it), a big gift's effect inside the player's box
// (in full screen too), and at 1440 × 900 the video, the chat and the gift bar all in the first screen.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { listGifts } from '@/lib/gifts/service';
import { ensureRoom } from '@/lib/live/service';
import { pushTestPattern, UNTIL_STOPPED_S } from '@/lib/media/test-pattern';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { E2E_RTMP_PORT } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const pushes: ChildProcess[] = [];
const SCREENS = 'test-results/live-player';

test.afterAll(() => {
  for (const child of pushes) if (child.exitCode === null) child.kill('SIGKILL');
});

const video = (page: Page) => page.locator('[data-testid="stage"] video');
const paused = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.paused);

test('the live player: controls for live, danmaku, web and full screen, gifts over the video, first screen', async ({
  browser,
}) => {
  // A push, three users and a handful of steps that each wait on the stream: on a loaded 2-core machine
  // the live spec's steps took up to 60 s each.
  test.setTimeout(240_000);
  const anchor = await freshUserPage(browser, '播放器主播', { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '播放器测试直播间' }));
  const rotated = await anchor.page.request.post('/api/live/rotateStreamKey');
  const { data } = (await rotated.json()) as { data: { room_id: number; stream_key: string } };
  expect(data.room_id).toBe(room.id);
  const pushed = pushTestPattern(FFMPEG, `rtmp://127.0.0.1:${E2E_RTMP_PORT}/live/${data.stream_key}`, {
    seconds: UNTIL_STOPPED_S,
  });
  pushes.push(pushed.child);

  const viewer = await freshUserPage(browser, '看球的观众');
  const page = viewer.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect
    .poll(
      async () => {
        await page.goto(`/live?id=${room.id}`);
        return page.getByTestId('room-state').getAttribute('data-state');
      },
      { timeout: 60_000, intervals: [1000, 2000, 3000] },
    )
    .toBe('live');
  await expect(page.getByTestId('player')).toHaveAttribute('data-mode', 'flv');
  await expect
    .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.3);

  // The first screen at 1440 × 900: the video, the chat and the gift bar, the bar right under the player.
  const stage = page.getByTestId('stage');
  const boxes = {
    stage: (await stage.boundingBox())!,
    chat: (await page.getByTestId('room-chat').boundingBox())!,
    gifts: (await page.getByTestId('gift-bar').boundingBox())!,
  };
  await page.screenshot({ path: `${SCREENS}/first-screen.png` });
  for (const [name, box] of Object.entries(boxes)) {
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, name).toBeLessThanOrEqual(900);
  }
  expect(boxes.gifts.y).toBeGreaterThan(boxes.stage.y + boxes.stage.height);
  expect(boxes.gifts.y - (boxes.stage.y + boxes.stage.height)).toBeLessThan(40);
  expect(boxes.chat.x).toBeGreaterThan(boxes.stage.x + boxes.stage.width);

  // Controls made for live: no native controls, no seek bar (the one slider is the volume), no time.
  const controls = page.getByTestId('player-controls');
  await stage.hover();
  await expect(controls).toBeVisible();
  await expect(video(page)).toHaveJSProperty('controls', false);
  await expect(controls.getByTestId('live-mark')).toHaveText('直播');
  await expect(controls.getByRole('slider')).toHaveCount(1);
  await expect(controls.getByRole('slider')).toHaveAccessibleName('音量');
  await expect(controls).not.toContainText(/\d:\d\d/);
  await page.screenshot({ path: `${SCREENS}/controls.png` });

  // Mute and unmute (the stream starts muted so it may play by itself).
  await expect(video(page)).toHaveJSProperty('muted', true);
  await controls.getByRole('button', { name: '取消静音', exact: true }).click();
  await expect(video(page)).toHaveJSProperty('muted', false);
  await controls.getByRole('button', { name: '静音', exact: true }).click();
  await expect(video(page)).toHaveJSProperty('muted', true);

  // Pause: the stream runs on, the viewer falls behind and 回到直播 appears; it plays at the edge again.
  await controls.getByTestId('play-toggle').click();
  await expect.poll(() => paused(page)).toBe(true);
  const back = controls.getByTestId('back-to-live');
  await expect(back).toBeVisible({ timeout: 30_000 });
  await back.click();
  await expect.poll(() => paused(page)).toBe(false);
  await expect(back).toBeHidden({ timeout: 15_000 });

  // 弹幕 off and on again, on the player; its settings open over the video.
  const danmaku = controls.getByTestId('danmaku-toggle');
  const layer = stage.locator('[data-show]');
  await expect(danmaku).toHaveAttribute('aria-pressed', 'true');
  await danmaku.click();
  await expect(danmaku).toHaveAttribute('aria-pressed', 'false');
  await expect(layer).toHaveAttribute('data-show', 'false');
  await danmaku.click();
  await expect(layer).toHaveAttribute('data-show', 'true');
  await controls.getByRole('button', { name: '弹幕设置' }).click();
  await stage.getByRole('button', { name: '半屏' }).click();
  await expect(stage.getByRole('button', { name: '半屏' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');

  // 网页全屏: the stage fills the window; Esc leaves.
  await stage.hover();
  await controls.getByTestId('web-fullscreen').click();
  await expect(stage).toHaveAttribute('data-web-fullscreen', 'true');
  const filled = (await stage.boundingBox())!;
  expect([filled.x, filled.y, filled.width, filled.height]).toEqual([0, 0, 1440, 900]);
  await page.screenshot({ path: `${SCREENS}/web-fullscreen.png` });
  await page.keyboard.press('Escape');
  await expect(stage).not.toHaveAttribute('data-web-fullscreen', 'true');

  // Full screen on the stage box: the controls and the danmaku switch work in it, and a big gift's
  // effect plays inside it.
  await stage.hover();
  await controls.getByTestId('fullscreen').click();
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null))
    .toBe('stage');
  await expect(controls.getByTestId('fullscreen')).toHaveAttribute('aria-pressed', 'true');
  await danmaku.click();
  await expect(layer).toHaveAttribute('data-show', 'false');
  await danmaku.click();
  await expect(layer).toHaveAttribute('data-show', 'true');

  const sender = await freshUserPage(browser, '送金靴的球迷');
  const goldenBoot = await withDatabase(async (db) => {
    await runOperation(db, {
      key: `e2e:fund:${sender.user.id}`,
      kind: 'reward',
      userId: sender.user.id,
      payload: {},
      now: await serverNow(),
      prepare: async () => ({ legs: [mintLeg(sender.user.id, 'star', 1000)], result: {} }),
    });
    return (await listGifts(db, 'zh-CN')).find((gift) => gift.code === 'golden_boot')!;
  });
  const sent = await sender.page.request.get('/api/member/handselGift', {
    params: { room_id: room.id, gift_id: goldenBoot.id, num: 1, type: 0, key: randomUUID() },
  });
  expect(sent.ok()).toBe(true);
  const effect = stage.getByTestId('gift-effect');
  await expect(effect).toBeVisible();
  await expect(effect).toContainText('送金靴的球迷');
  const inFullscreen = await effect.evaluate((element) => document.fullscreenElement?.contains(element));
  expect(inFullscreen).toBe(true);
  await page.screenshot({ path: `${SCREENS}/fullscreen-gift.png` });
  await controls.getByTestId('fullscreen').click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
});
