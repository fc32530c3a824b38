// The external media engine (README "External media engine", docs/nginx-rtmp.conf) for real: Debian's
// nginx + libnginx-mod-rtmp asks a second portal (`MEDIA=off`, `MEDIA_CDN_URL` = nginx's HLS) through
// `api/media/on_publish` / `on_done`. A wrong key is refused, the right key turns the room live, Chromium
// plays nginx's HLS on the room page (served through nginx's proxy block), and the room ends when the push
// stops.

import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pushTestPattern, UNTIL_STOPPED_S } from '@/lib/media/test-pattern';
import { freshUserPage } from './accounts';
import { type ExternalEngine, startExternalEngine } from './external-engine';
import { expect, test } from './fixtures';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

let engine: ExternalEngine;

// The page is on the second portal's origin: it must not carry the main portal's Origin header (which
// Chromium refuses on a cross-origin page's requests).
test.use({ extraHTTPHeaders: {} });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  engine = await startExternalEngine();
});
test.afterAll(async () => {
  await engine?.stop();
});

const currentTime = (page: Page) =>
  page.locator('[data-testid="stage"] video').evaluate((video: HTMLVideoElement) => video.currentTime);

test('nginx-rtmp refuses a wrong key, plays the right one as HLS and ends the room with the push', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  // An anchor of its own: live.spec.ts pushes to the seeded anchor's room at the same time.
  const { page: anchor } = await freshUserPage(browser, `外部推流${randomInt(1e6)}`, { isAnchor: true });
  const reply = await anchor.request.post('/api/live/rotateStreamKey');
  const { data } = (await reply.json()) as { data: { room_id: number; stream_key: string } };
  const roomId = data.room_id;

  await page.goto(`${engine.portalUrl}/live?id=${roomId}`);
  const state = page.getByTestId('room-state');
  await expect(state).not.toHaveAttribute('data-state', 'live');

  const wrong = pushTestPattern(FFMPEG, `${engine.rtmpUrl}/${roomId}?key=not-the-right-key`, { seconds: 5 });
  expect(await wrong.exited).not.toBe(0);
  await expect(state).not.toHaveAttribute('data-state', 'live');

  const good = pushTestPattern(FFMPEG, `${engine.rtmpUrl}/${data.stream_key}`, { seconds: UNTIL_STOPPED_S });
  try {
    await expect(state).toHaveAttribute('data-state', 'live', { timeout: 45_000 });
    // nginx writes the playlist a fragment or two after the push starts.
    await expect
      .poll(async () => (await fetch(`${engine.hlsUrl}/${roomId}/index.m3u8`)).status, { timeout: 60_000 })
      .toBe(200);
    await page.reload();
    await expect(page.getByTestId('player')).toHaveAttribute('data-mode', 'hls', { timeout: 30_000 });
    await expect.poll(() => currentTime(page), { timeout: 60_000 }).toBeGreaterThan(0.5);
    const before = await currentTime(page);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(before + 2);
  } finally {
    good.child.kill('SIGINT');
    await good.exited;
  }
  await expect(state).toHaveAttribute('data-state', 'ended', { timeout: 60_000 });
});
