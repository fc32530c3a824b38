// Streamer updates end to end: an anchor of its own (so the seeded ones keep their posts and rate
// limits) starts with an empty feed, publishes an update with two images from the anchor centre; a
// viewer sees it in the live room, opens an image, likes it, comments, likes the comment and replies
// (all kept after a reload); a guest's like asks for login; the anchor deletes it and it leaves the room.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { reports } from '@/lib/moderation/schema';
import { freshUserPage } from './accounts';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const picture = (background: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background } })
    .png()
    .toBuffer();

test('an update with two images is seen, liked, commented on and deleted', async ({
  browser,
  asUser,
  page,
}) => {
  // 2.2 min with every step passing on the PostgreSQL run at CI's load (15-19).
  test.setTimeout(240_000);
  const text = `今晚 20:00 英超焦点战，来直播间一起看 #${randomInt(1_000_000)}`;
  const { page: asAnchor } = await freshUserPage(browser, '动态主播', { isAnchor: true });

  await asAnchor.goto('/member?type=9');
  await expect(asAnchor.getByText('还没有发布过动态')).toBeVisible();
  const settings = await (await asAnchor.request.get('/api/Live/getLiveUrl')).json();
  const roomId = (settings as { data: { room_id: number } }).data.room_id;
  await asUser.goto(`/live?id=${roomId}`);
  await expect(asUser.getByText('主播还没有发布动态')).toBeVisible();

  const composer = asAnchor.getByTestId('post-composer');
  await composer.getByTestId('post-text-input').fill(text);
  await expect(composer.getByText(`${text.length}/2000`)).toBeVisible();
  await asAnchor.getByTestId('post-image-input').setInputFiles([
    { name: 'blue.png', mimeType: 'image/png', buffer: await picture('#1d4ed8') },
    { name: 'green.png', mimeType: 'image/png', buffer: await picture('#16a34a') },
  ]);
  await expect(composer.getByTestId('composer-media').locator('li')).toHaveCount(2);
  const publish = composer.getByTestId('post-publish');
  await expect(publish).toBeEnabled({ timeout: 30_000 });
  await publish.click();
  await expect(asAnchor.getByText('动态已发布')).toBeVisible();
  const own = asAnchor.getByTestId('own-post').filter({ hasText: text });
  await expect(own).toBeVisible();
  await expect(own.getByTestId('post-images').locator('img')).toHaveCount(2);
  await expect(composer.getByTestId('post-text-input')).toHaveValue('');

  await asUser.reload();
  const post = asUser.getByTestId('post').filter({ hasText: text });
  await expect(post.getByTestId('post-text')).toHaveText(text);
  const images = post.getByTestId('post-images').locator('img');
  await expect(images).toHaveCount(2);
  await expect
    .poll(() =>
      images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  await images.nth(1).click();
  const lightbox = asUser.getByTestId('post-lightbox');
  await expect(lightbox.getByText('2 / 2')).toBeVisible();
  await asUser.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  const like = post.getByTestId('post-like');
  await expect(post.getByTestId('post-like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(post.getByTestId('post-like-count')).toHaveText('1');

  await post.getByTestId('post-comments-toggle').click();
  const thread = post.getByTestId('comment-thread');
  await expect(thread.getByText('还没有评论，来抢沙发吧')).toBeVisible();
  await thread.getByTestId('comment-input').fill('这波分析很到位，晚上准时来');
  await thread.getByRole('button', { name: '发表' }).click();
  const comment = thread.getByTestId('comment').filter({ hasText: '这波分析很到位，晚上准时来' });
  await expect(comment).toBeVisible();
  await expect(thread.getByTestId('comment-input')).toHaveValue('');
  await comment.getByTestId('comment-like').click();
  await expect(comment.getByTestId('comment-like-count')).toHaveText('1');
  await comment.getByRole('button', { name: '回复' }).click();
  await expect(thread.getByText('回复 球迷小王')).toBeVisible();
  await thread.getByTestId('comment-input').fill('同意，首发应该不变');
  await thread.getByRole('button', { name: '发表' }).click();
  await expect(thread.getByTestId('comment-replies').getByText('同意，首发应该不变')).toBeVisible();
  await expect(post.getByTestId('post-comments-toggle')).toHaveText('收起评论');

  // Kept by the server: a reload shows the same likes and the comment.
  await asUser.reload();
  await expect(post.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(post.getByTestId('post-like-count')).toHaveText('1');
  await expect(post.getByTestId('post-comments-toggle')).toHaveText('评论 2');
  await post.getByTestId('post-comments-toggle').click();
  await expect(comment.getByTestId('comment-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(thread.getByTestId('comment-replies').getByText('同意，首发应该不变')).toBeVisible();

  // The viewer may report the anchor's post, never their own comment.
  await expect(comment.getByRole('button', { name: '举报评论' })).toHaveCount(0);
  await post.getByRole('button', { name: '举报动态' }).click();
  const report = asUser.getByTestId('report-dialog');
  await expect(report.getByRole('heading', { name: '举报动态' })).toBeVisible();
  await report.getByLabel('辱骂/人身攻击').check();
  await report.getByTestId('report-screenshot-input').setInputFiles({
    name: 'evidence.png',
    mimeType: 'image/png',
    buffer: await picture('#dc2626'),
  });
  await expect(report.getByTestId('report-screenshots').locator('img')).toHaveCount(1);
  await report.getByRole('button', { name: '提交举报' }).click();
  await expect(asUser.getByText('举报已提交，我们会尽快处理')).toBeVisible();
  const postId = Number(await post.getAttribute('data-post-id'));
  const [filed] = await withDatabase((db) =>
    db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'post'), eq(reports.targetId, postId))),
  );
  expect(filed!.images).toEqual([expect.stringMatching(/^\/uploads\/image\//)]);

  // The viewer deletes their own reply after confirming; the count follows.
  const reply = thread.getByTestId('comment-replies').getByTestId('comment');
  await reply.getByRole('button', { name: '删除' }).click();
  await reply
    .getByRole('alertdialog', { name: '删除这条评论？回复也会一起删除。' })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(asUser.getByText('评论已删除')).toBeVisible();
  await expect(thread.getByTestId('comment-replies')).toHaveCount(0);
  await expect(comment).toBeVisible();
  await asUser.reload();
  await expect(post.getByTestId('post-comments-toggle')).toHaveText('评论 1');

  // A guest's like opens the login dialog and the count stays.
  await page.goto(`/live?id=${roomId}`);
  const guestPost = page.getByTestId('post').filter({ hasText: text });
  await guestPost.getByTestId('post-like').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(guestPost.getByTestId('post-like-count')).toHaveText('1');

  await asAnchor.reload();
  await own.getByRole('button', { name: '删除' }).click();
  await own.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(asAnchor.getByText('动态已删除')).toBeVisible();
  await expect(own).toHaveCount(0);

  await asUser.reload();
  await expect(asUser.getByTestId('room-title')).toBeVisible();
  await expect(asUser.getByText(text)).toHaveCount(0);
});
