// Live video for real: Debian's ffmpeg pushes a test pattern over RTMP to the seeded anchor's room,
// the room page turns live without a reload and Chromium plays it, a viewer joining plays the stream its
// page opened before the player was there (its app held back until then), a push with a wrong key is refused
// while the stream keeps playing, and when the push stops the room ends and its replay plays.
// The anchor centre: push settings, key rotation (the old key is refused), texts and the cover rule.
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pushTestPattern, UNTIL_STOPPED_S } from '@/lib/media/test-pattern';
import { E2E_RTMP_PORT, E2E_TIME_ZONE } from '../playwright.config';
import { freshUserPage } from './accounts';
import { expect, test } from './fixtures';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const pushes: ChildProcess[] = [];

function push(streamKey: string, seconds: number) {
  const started = pushTestPattern(FFMPEG, `rtmp://127.0.0.1:${E2E_RTMP_PORT}/live/${streamKey}`, { seconds });
  pushes.push(started.child);
  return started;
}

test.afterAll(() => {
  for (const child of pushes) if (child.exitCode === null) child.kill('SIGKILL');
});

const currentTime = (page: Page) =>
  page.locator('[data-testid="stage"] video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** The stage's video advances by at least `seconds` over `over` milliseconds of wall time. */
async function expectPlaying(page: Page, seconds: number, over = 5000) {
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(0.2);
  const before = await currentTime(page);
  await page.waitForTimeout(over);
  const advanced = (await currentTime(page)) - before;
  expect(advanced).toBeGreaterThanOrEqual(seconds);
  return advanced;
}

test('a real push goes live, a wrong key is refused, the end leaves a replay', async ({
  asAnchor,
  page,
  browser,
  baseURL,
}) => {
  // Over 150 s on a busy machine (two busy CPU loops beside one worker), every step passing.
  test.setTimeout(300_000);
  const reply = await asAnchor.request.post('/api/live/rotateStreamKey');
  const { data } = (await reply.json()) as { data: { room_id: number; stream_key: string } };
  const roomId = data.room_id;

  await page.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('room-title')).toHaveText('解说老李的足球直播间');
  await expect(page.getByTestId('anchor-name')).toHaveText('解说老李');
  const state = page.getByTestId('room-state');
  await expect(state).not.toHaveAttribute('data-state', 'live');

  const pushedAt = performance.now();
  // Stopped below.
  const good = push(data.stream_key, UNTIL_STOPPED_S);
  await expect(state).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('player')).toHaveAttribute('data-mode', 'flv');
  const advanced = await expectPlaying(page, 3);
  console.log(
    `live: state live + playing after ${Math.round(performance.now() - pushedAt)} ms, advanced ${advanced.toFixed(2)} s in 5 s`,
  );

  const wrong = push(`${roomId}?key=not-the-right-key`, 5);
  expect(await wrong.exited).not.toBe(0);
  await expect(state).toHaveAttribute('data-state', 'live');
  await expectPlaying(page, 3);

  // HLS is offered beside the low-latency mode and plays too.
  await page.getByRole('button', { name: '标准', exact: true }).click();
  await expect(page.getByTestId('player')).toHaveAttribute('data-mode', 'hls');
  await expectPlaying(page, 2);

  // A viewer joining the live room: the page opens the stream itself before the player is there
  // (lib/media/flv-prefetch.js) and the player takes it over: one FLV request, and it plays.
  const viewer = await page.context().newPage();
  const flvRequests: string[] = [];
  viewer.on('request', (request) => {
    if (request.url().includes('.flv')) flvRequests.push(request.url());
  });
  await viewer.goto(`/live?id=${roomId}`);
  await expect(viewer.getByTestId('player')).toHaveAttribute('data-mode', 'flv');
  await expectPlaying(viewer, 2);
  expect(flvRequests).toHaveLength(1);
  // The skeleton's video, now the stage's, has no native controls: the stage's own (live-player.spec.ts).
  await expect(viewer.locator('[data-testid="stage"] video')).toHaveJSProperty('controls', false);
  await expect(viewer.getByTestId('player-controls')).toBeAttached();
  // Its app waited for the stream (lib/media/app-hold.ts): no script chunk of it was asked for before the
  // release, which came with the first frame (or the hold's limit on a busy machine); then it hydrated
  // and the room answers clicks. (The stylesheet, linked from the <head>, is fetched with the document.)
  const hold = await viewer.waitForFunction(() => (window as { __appHold?: { reason: string } }).__appHold);
  expect(['first-frame', 'timeout']).toContain(((await hold.jsonValue()) as { reason: string }).reason);
  const chunksBeforeRelease = await viewer.evaluate(() => {
    const releasedAt = (window as unknown as { __appHold: { at: number } }).__appHold.at;
    return performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          entry.name.includes('/_next/static/chunks/') &&
          new URL(entry.name).pathname.endsWith('.js') &&
          entry.startTime < releasedAt,
      ).length;
  });
  expect(chunksBeforeRelease).toBe(0);
  await viewer.waitForFunction(() => {
    const stage = document.querySelector('[data-testid="stage"]');
    return Boolean(stage && Object.keys(stage).some((key) => key.startsWith('__reactFiber')));
  });
  await viewer.getByRole('button', { name: '标准', exact: true }).click();
  await expect(viewer.getByTestId('player')).toHaveAttribute('data-mode', 'hls');
  await viewer.close();

  // A visitor without a session, from a shared link in English, first without any cookie, then again
  // with the language remembered: the server opened the page before Next rendered it
  // (lib/media/early-document.ts; no hreflang `Link` header, which only Next sends), with Next's own
  // headers and a nonce the page's scripts carry (the suite fails on any CSP violation); the room
  // plays and hydrates.
  const firstVisit = await browser.newContext({ baseURL, timezoneId: E2E_TIME_ZONE });
  const visitor = await firstVisit.newPage();
  let early: Record<string, string> = {};
  const visitorStreams: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().includes('.flv')) visitorStreams.push(request.url());
  });
  for (const visit of ['first', 'again']) {
    visitorStreams.length = 0;
    const opened = await visitor.goto(`/en/live?id=${roomId}`);
    early = await opened!.allHeaders();
    expect(early.link, visit).toBeUndefined();
    if (visit === 'first') {
      expect(early['set-cookie']).toMatch(/^NEXT_LOCALE=en; Path=\/; Max-Age=31536000; SameSite=lax/);
    } else expect(early['set-cookie']).toBeUndefined();
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
    await expect(visitor.getByTestId('player')).toHaveAttribute('data-mode', 'flv');
    await expectPlaying(visitor, 2);
    await expect(visitor.getByTestId('player-controls')).toBeAttached();
    await visitor.waitForFunction(() => (window as { __appHold?: unknown }).__appHold);
    await expect(visitor.getByTestId('room-title')).toBeVisible();
    // One stream, which named the page so the server rendered it once the stream was answered
    // (lib/media/render-gate.ts), and which the player started ahead of the page's markup took over.
    expect(visitorStreams, visit).toHaveLength(1);
    expect(new URL(visitorStreams[0]!).searchParams.get('page'), visit).toMatch(/^[0-9a-f-]{36}$/);
  }
  const nonce = /'nonce-([^']+)'/.exec(early['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  // What Next answers the same page with, for a visitor with a session cookie (not opened early).
  const byNext = await firstVisit.request.get(`/en/live?id=${roomId}`, {
    headers: { cookie: 'NEXT_LOCALE=en; token=not-a-session' },
  });
  const nextHeaders = byNext.headers();
  expect(nextHeaders.link).toContain('hreflang="en"');
  expect(early['content-security-policy']).toBe(
    nextHeaders['content-security-policy']!.replace(/'nonce-[^']+'/, `'nonce-${nonce}'`),
  );
  for (const name of ['content-type', 'cache-control', 'vary', 'x-frame-options', 'referrer-policy']) {
    expect(early[name], name).toBe(nextHeaders[name]);
  }
  await firstVisit.close();

  good.child.kill('SIGINT');
  await good.exited;
  await expect(state).toHaveAttribute('data-state', 'ended', { timeout: 45_000 });
  await expect(page.getByText('直播已结束，正在播放最近一场回放')).toBeVisible();
  await expect(page.getByTestId('player')).toHaveAttribute('data-live', 'false');
  await expectPlaying(page, 1.5, 4000);
});

test('the anchor centre shows push settings, rotates the key and checks texts and covers', async ({
  browser,
}) => {
  // Over 120 s at load 15–19 (the PostgreSQL run beside the cluster spec), every step passing.
  test.setTimeout(240_000);
  const { page } = await freshUserPage(browser, '新主播', { isAnchor: true });
  await page.goto('/member?type=9');
  await expect(page.getByTestId('push-url')).toHaveText(`rtmp://127.0.0.1:${E2E_RTMP_PORT}/live`);
  const firstKey = (await page.getByTestId('stream-key').textContent())!;
  expect(firstKey).toMatch(/^\d+\?key=[A-Za-z0-9_-]{32}$/);

  await page.reload();
  await expect(page.getByText('密钥已隐藏')).toBeVisible();
  await page.getByRole('button', { name: '更换密钥' }).click();
  await page.getByRole('button', { name: '确定更换' }).click();
  await expect(page.getByTestId('stream-key')).not.toHaveText(firstKey);
  const oldPush = push(firstKey, 3);
  expect(await oldPush.exited).not.toBe(0);

  await page.getByLabel('直播标题', { exact: true }).fill('新主播的第一场');
  await page.getByRole('button', { name: '保存标题' }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();

  const placard = page.locator('form', { has: page.getByLabel('公告') });
  await page.getByLabel('公告').fill('一'.repeat(51));
  await expect(placard.getByText('51/50')).toBeVisible();
  await page.getByRole('button', { name: '保存公告' }).click();
  await expect(placard.getByRole('alert')).toHaveText('公告最多 50 个字符');
  await page.getByLabel('公告').fill('今晚八点欧冠直播，不见不散');
  await page.getByRole('button', { name: '保存公告' }).click();
  await expect(placard.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('直播标题', { exact: true })).toHaveValue('新主播的第一场');
  await expect(page.getByLabel('公告')).toHaveValue('今晚八点欧冠直播，不见不散');

  const square = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const coverCard = page.locator('section', { has: page.getByRole('heading', { name: '直播封面' }) });
  await coverCard
    .getByLabel('上传封面')
    .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: square });
  await expect(coverCard.getByRole('alert')).toHaveText('封面比例需为 135:76，当前图片为 300×300');
  const wide = await sharp({
    create: { width: 540, height: 304, channels: 3, background: { r: 245, g: 106, b: 31 } },
  })
    .png()
    .toBuffer();
  await coverCard
    .getByLabel('上传封面')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: wide });
  // Uploaded, re-encoded and stored: over 10 s on CI's busy machine.
  await expect(coverCard.getByTestId('room-cover')).toBeVisible({ timeout: 30_000 });

  // The new room has never been live: its page shows the cover, the title and the announcement.
  const roomId = Number(firstKey.split('?')[0]);
  await page.goto(`/live?id=${roomId}`);
  await expect(page).toHaveTitle('新主播的第一场 - 开球直播');
  await expect(page.getByTestId('room-state')).toHaveText('未开播');
  await expect(page.getByText('主播还没有开播')).toBeVisible();
  await expect(page.getByTestId('placard')).toHaveText('今晚八点欧冠直播，不见不散');
  await expect(page.getByText('还没有回放')).toBeVisible();
  await page.goto(`/en/live?id=${roomId}`);
  await expect(page.getByText("The streamer isn't live")).toBeVisible();
  await expect(page.getByTestId('room-state')).toHaveText('Offline');
  await expect(page.getByText(`Room ${roomId}`)).toBeVisible();
  expect((await page.goto('/live?id=999999'))?.status()).toBe(404);
  await page.context().close();
});
