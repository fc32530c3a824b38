// Videos end to end: an anchor of its own uploads a clip made by ffmpeg (an executable named .mp4 is
// refused first), publishes it with a title that looks like markup, and it plays in video.js on
// /video-player; a viewer likes, favourites, comments and likes the comment (kept after a reload);
// a replay is published as a video from the anchor centre; /video-list shows the seeded videos and
// the rankings; a user adds a category of their own on /video-classify and removes it again.
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { broadcasts } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { whenHydrated } from './login';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '';
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

async function makeClip() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-clip-'));
  const file = path.join(folder, 'clip.mp4');
  await promisify(execFile)(findFfmpeg()!, [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=500'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', '-t', '4', '-y', file],
  ]);
  const bytes = await fs.readFile(file);
  await fs.rm(folder, { recursive: true, force: true });
  return bytes;
}

test('an anchor uploads a video that plays; a viewer likes, favourites and comments', async ({
  browser,
  asUser,
}) => {
  test.setTimeout(180_000);
  const stamp = randomInt(1_000_000);
  const title = `<b>战术板</b> 测试片段 #${stamp}`;
  const { page: anchor } = await freshUserPage(browser, `视频主播${stamp}`, { isAnchor: true });

  await anchor.goto('/member?type=9');
  const card = anchor.locator('#anchor-videos');
  await expect(card.getByText('还没有发布过视频')).toBeVisible();
  await expect(card.getByText('下播后回放会出现在这里，可一键发布为视频')).toBeVisible();

  // An executable renamed .mp4 is refused by the upload's own check.
  const form = card.getByTestId('video-upload-form');
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096)]);
  // A file chosen before hydration reaches no handler (seen on CI's busy machine: no refusal shown).
  await whenHydrated(anchor.getByTestId('video-file-input'));
  await anchor
    .getByTestId('video-file-input')
    .setInputFiles({ name: 'goal.mp4', mimeType: 'video/mp4', buffer: elf });
  await expect(form.getByText('这不是有效的视频文件，请上传 MP4 或 WebM 视频')).toBeVisible({
    timeout: 30_000,
  });
  await expect(form.getByTestId('video-publish')).toBeDisabled();

  await form.getByTestId('video-title-input').fill(title);
  await form.getByTestId('video-category-select').selectOption({ label: '战术分析' });
  await anchor
    .getByTestId('video-file-input')
    .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: await makeClip() });
  await expect(form.getByText('已上传：clip.mp4')).toBeVisible({ timeout: 60_000 });
  await shot(anchor, 'anchor-videos-card');
  await form.getByTestId('video-publish').click();
  await expect(anchor.getByText('视频已发布')).toBeVisible({ timeout: 30_000 });
  const own = card.getByTestId('own-video').filter({ hasText: title });
  await expect(own).toBeVisible();

  await own.getByRole('link', { name: title }).click();
  await expect(anchor).toHaveURL(/\/video-player\?id=\d+$/);
  const videoId = Number(new URL(anchor.url()).searchParams.get('id'));
  // Markup in the title is shown as text.
  await expect(anchor.getByTestId('video-title')).toHaveText(title);
  await expect(anchor.getByTestId('video-title').locator('b')).toHaveCount(0);
  const stage = anchor.getByTestId('video-stage');
  await stage.locator('.vjs-big-play-button').click();
  await expect
    .poll(() => stage.locator('video').evaluate((video) => (video as HTMLVideoElement).currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await shot(anchor, 'video-player');
  // The view was counted once for this viewer today.
  await expect
    .poll(
      async () => {
        await anchor.reload();
        return anchor.getByTestId('video-views').textContent();
      },
      { timeout: 60_000 },
    )
    .toContain('1次播放');

  // A viewer likes, favourites, comments, likes the comment and replies.
  await asUser.goto(`/video-player?id=${videoId}`);
  const like = asUser.getByTestId('video-like');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(asUser.getByTestId('video-like-count')).toHaveText('1');
  await asUser.getByTestId('video-favorite').click();
  await expect(asUser.getByTestId('video-favorite-count')).toHaveText('1');
  const thread = asUser.getByTestId('comment-thread');
  await expect(thread.getByText('还没有评论，来抢沙发吧')).toBeVisible();
  const text = `<script>alert(1)</script> 这个战术讲得清楚 ${stamp}`;
  await thread.getByTestId('comment-input').fill(text);
  await thread.getByRole('button', { name: '发表' }).click();
  const comment = thread.getByTestId('comment').filter({ hasText: text });
  await expect(comment.getByTestId('comment-text')).toHaveText(text);
  await comment.getByTestId('comment-like').click();
  await expect(comment.getByTestId('comment-like-count')).toHaveText('1');
  await comment.getByRole('button', { name: '回复' }).click();
  await thread.getByTestId('comment-input').fill('同意');
  await thread.getByRole('button', { name: '发表' }).click();
  await expect(thread.getByTestId('comment-replies').getByText('同意')).toBeVisible();
  await asUser.reload();
  await expect(asUser.getByTestId('video-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(asUser.getByTestId('video-favorite')).toHaveAttribute('aria-pressed', 'true');
  await expect(comment.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(thread.getByTestId('comment-replies').getByText('同意')).toBeVisible();
  await expect(asUser.getByTestId('anchor-works').getByText('主播还没有其他作品')).toBeVisible();
  await shot(asUser, 'video-player-comments');

  // The anchor deletes it; the page is gone.
  await anchor.goto('/member?type=9');
  await own.getByRole('button', { name: `删除“${title}”` }).click();
  await own.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(anchor.getByText('视频已删除')).toBeVisible({ timeout: 30_000 });
  await expect(own).toHaveCount(0);
  const gone = await asUser.goto(`/video-player?id=${videoId}`);
  expect(gone?.status()).toBe(404);
});

test('a replay is published as a video from the anchor centre', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = randomInt(1_000_000);
  const { page: anchor, user } = await freshUserPage(browser, `回放主播${stamp}`, { isAnchor: true });
  const now = (await serverNow()).getTime();
  await withDatabase(async (db) => {
    const room = await ensureRoom(db, user.id);
    await db.insert(broadcasts).values({
      roomId: room.id,
      title: `周末直播 ${stamp}`,
      category: 'football',
      startedAt: new Date(now - 3_600_000),
      endedAt: new Date(now - 60_000),
      replayPath: `${room.id}/999999/vod/index.m3u8`,
    });
  });
  await anchor.goto('/member?type=9');
  const replay = anchor.getByTestId('publishable-replay').filter({ hasText: `周末直播 ${stamp}` });
  await replay.getByRole('button', { name: '发布为视频' }).click();
  await expect(anchor.getByText('视频已发布')).toBeVisible({ timeout: 30_000 });
  await expect(replay.getByRole('link', { name: '查看视频' })).toBeVisible();
  await replay.getByRole('link', { name: '查看视频' }).click();
  await expect(anchor.getByTestId('video-title')).toHaveText(`周末直播 ${stamp}`);
  await expect(anchor.getByText('直播回放').first()).toBeVisible();
});

test('/video-list shows the groups, the seeded videos and the rankings', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/video-list');
  await expect(page.getByRole('heading', { name: '视频', exact: true })).toBeVisible();
  const groups = page.getByTestId('video-groups');
  for (const name of ['全部', '足球', '篮球', '电竞', '综合'])
    await expect(groups.getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId('video-card').filter({ hasText: '演示视频 · 动态测试卡' })).toBeVisible();
  await expect(page.getByTestId('video-rank')).toBeVisible();
  await shot(page, 'video-list');
  await groups.getByRole('link', { name: '综合' }).click();
  await expect(page).toHaveURL(/classify=\d+/);
  await expect(page.getByRole('link', { name: '训练教学' }).first()).toBeVisible();
});

test('a user adds a category of their own on /video-classify and removes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await freshUserPage(browser, '分类球迷');
  const all = (await (await page.request.get('/api/videocclassification/allList')).json()) as {
    data: { list: { name: string; children: { id: number; name: string }[] }[] };
  };
  const nba = all.data.list.flatMap((group) => group.children).find((item) => item.name === 'NBA')!;
  await page.goto(`/video-classify?type=3&id=${nba.id}&name=NBA`);
  await expect(page.getByTestId('classify-title')).toHaveText('NBA');
  const mine = page.getByTestId('my-categories');
  await expect(mine.getByText('打开一个分类，点“加入我的分类”，它就会出现在这里')).toBeVisible();
  await page.getByTestId('my-category-toggle').click();
  await expect(page.getByText('已加入我的分类')).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByTestId('my-category').filter({ hasText: 'NBA' })).toBeVisible();
  await page.reload();
  await expect(mine.getByTestId('my-category').filter({ hasText: 'NBA' })).toBeVisible();
  await expect(page.getByTestId('my-category-toggle')).toHaveText('移出我的分类');
  await shot(page, 'video-classify');

  await mine.getByRole('button', { name: '从我的分类移除“NBA”' }).click();
  await expect(mine.getByTestId('my-category')).toHaveCount(0, { timeout: 30_000 });
  await page.reload();
  await expect(mine.getByText('打开一个分类，点“加入我的分类”，它就会出现在这里')).toBeVisible();

  // Category search in the menu, and the menu collapses.
  await page.getByTestId('category-search').fill('英超');
  await expect(
    page.getByRole('region', { name: '搜索结果' }).getByRole('link', { name: '英超' }),
  ).toBeVisible();
  await page.getByRole('button', { name: '收起' }).click();
  await expect(page.getByTestId('classify-menu')).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: '展开' }).click();
  await expect(page.getByTestId('classify-menu')).toHaveAttribute('data-collapsed', 'false');
});
