// Moderation outside reports in the browser (issue #41, item 3): a moderator filters the console's posts
// by author, takes two of three down with a reason; the author sees them marked removed, a visitor no
// longer finds them in the community list and meets a tombstone on their pages. A reported video taken
// down in bulk closes its report case (the queue's decided view says who and how), is a tombstone to
// visitors and stays in its author's list marked removed; a room's title and cover taken down from
// /admin/live fall back to the defaults and the anchor is told why. A comment holding a "send to review"
// word is its writer's alone, marked 审核中, until a moderator approves it from the queue's comment tab.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { asc, eq, ne } from 'drizzle-orm';
import { circlePosts, circles } from '@/lib/circles/schema';
import { liveRooms } from '@/lib/live/schema';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { postComments, posts } from '@/lib/posts/schema';
import { videoCategories, videos } from '@/lib/videos/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { whenHydrated } from './login';
import { decideInQueue, reviewQueue } from './review-queue';

const shots = process.env.SHOTS_DIR;
const shoot = async (target: Page | Locator, name: string) => {
  if (shots) await target.screenshot({ path: `${shots}/content-${name}.png`, fullPage: true });
};

test('a moderator filters posts by author and takes two down; the author sees them removed, a visitor a tombstone', async ({
  browser,
  asModerator,
  page: visitor,
}) => {
  // Three pages and a console round trip on the loaded CI machine.
  test.slow();
  const tag = randomInt(1e6);
  const author = await freshUserPage(browser, `巡查作者${tag}`);
  const now = await serverNow();
  const ids = await withDatabase(async (db) => {
    const [circle] = await db.select().from(circles).orderBy(asc(circles.id)).limit(1);
    const made: number[] = [];
    for (const [index, body] of [`加群领彩金 ${tag}`, `内部消息 ${tag}`, `今晚看好主队 ${tag}`].entries()) {
      const [post] = await db
        .insert(posts)
        .values({
          authorId: author.user.id,
          channel: 'circle',
          body,
          createdAt: new Date(now.getTime() - (3 - index) * 60_000),
        })
        .returning({ id: posts.id });
      await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
      made.push(post!.id);
    }
    return made;
  });
  const [spam, tip, kept] = ids as [number, number, number];

  await asModerator.goto('/admin/content');
  await whenHydrated(asModerator.getByTestId('filter-author'));
  await asModerator.getByTestId('filter-author').fill(String(author.user.id));
  await asModerator.getByTestId('filter-author').press('Enter');
  const rows = asModerator.getByTestId('content-text');
  await expect(rows).toHaveCount(3);
  await expect(asModerator.getByTestId('content-author').first()).toContainText(`巡查作者${tag}`);
  await asModerator.getByRole('checkbox', { name: `#${spam} 加群领彩金 ${tag}` }).check();
  await asModerator.getByRole('checkbox', { name: `#${tip} 内部消息 ${tag}` }).check();
  await asModerator.getByTestId('content-remove').click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByLabel('违规广告或引流').check();
  await dialog.getByTestId('reason-text').fill('博彩引流');
  await shoot(asModerator, 'remove-dialog');
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(asModerator.locator('[data-testid="content-state"][data-state="removed"]')).toHaveCount(2);
  await expect(asModerator.locator('[data-testid="content-state"][data-state="shown"]')).toHaveCount(1);
  await shoot(asModerator, 'list');

  // The author still reads them, marked removed with the reason.
  await author.page.goto('/circle');
  const own = author.page.getByTestId('own-circle-post');
  await expect(own.filter({ hasText: `加群领彩金 ${tag}` }).getByTestId('review-status')).toHaveAttribute(
    'data-status',
    'removed',
  );
  await expect(own.filter({ hasText: `内部消息 ${tag}` }).getByTestId('review-status')).toHaveText(
    '已被移除',
  );
  await author.page.goto(`/circle-detail?id=${spam}`);
  await expect(author.page.getByTestId('review-notice')).toContainText('博彩引流');
  await expect(author.page.getByTestId('circle-post-body')).toHaveText(`加群领彩金 ${tag}`);
  await shoot(author.page, 'author-view');

  // A visitor: gone from the list, a tombstone on its page; the third post stays.
  await visitor.goto('/circle?sort=new');
  await expect(visitor.getByText(`今晚看好主队 ${tag}`)).toBeVisible();
  await expect(visitor.getByText(`加群领彩金 ${tag}`)).toHaveCount(0);
  await expect(visitor.getByText(`内部消息 ${tag}`)).toHaveCount(0);
  await visitor.goto(`/circle-detail?id=${tip}`);
  await expect(visitor.getByTestId('post-tombstone')).toContainText('该帖子已被移除');
  await expect(visitor.getByText(`内部消息 ${tag}`)).toHaveCount(0);
  await shoot(visitor, 'tombstone');
  await visitor.goto(`/circle-detail?id=${kept}`);
  await expect(visitor.getByTestId('circle-post-body')).toHaveText(`今晚看好主队 ${tag}`);
  await author.page.context().close();
});

test('a reported video taken down in bulk closes the case, is a tombstone to visitors and marked removed for its author', async ({
  browser,
  asModerator,
  page: visitor,
}) => {
  test.slow();
  const tag = randomInt(1e6);
  const author = await freshUserPage(browser, `视频作者${tag}`, { isAnchor: true });
  const reporter = await freshUserPage(browser, `举报人${tag}`);
  const now = await serverNow();
  const title = `博彩带单集锦 ${tag}`;
  const { video, reasonId } = await withDatabase(async (db) => {
    const [category] = await db.select().from(videoCategories).orderBy(asc(videoCategories.id)).limit(1);
    const [post] = await db
      .insert(posts)
      .values({ authorId: author.user.id, channel: 'video', body: '', createdAt: now })
      .returning({ id: posts.id });
    await db.insert(videos).values({
      postId: post!.id,
      authorId: author.user.id,
      categoryId: category!.id,
      title,
      kind: 'file',
      sourceUrl: '/uploads/none.mp4',
      durationS: 10,
      publishedAt: now,
    });
    const [reason] = await db.select().from(reportReasons).where(ne(reportReasons.code, 'other')).limit(1);
    return { video: post!.id, reasonId: reason!.id };
  });
  const reported = await reporter.page.request.post('/api/Reportuser/insert', {
    data: { target_type: 'post', target_id: video, classify_id: reasonId },
  });
  expect((await reported.json()).code).toBe(0);

  await asModerator.goto(`/admin/content?kind=video&author=${author.user.id}`);
  await asModerator.getByRole('checkbox', { name: `#${video} ${title}` }).check();
  await asModerator.getByTestId('content-remove').click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByLabel('违规广告或引流').check();
  await dialog.getByTestId('reason-text').fill('视频挂博彩二维码');
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(asModerator.locator('[data-testid="content-state"][data-state="removed"]')).toHaveCount(1);

  // The report case is closed as upheld by this moderator, through the take-down.
  await asModerator.goto('/admin/review?source=report&view=decided&sort=created&dir=desc');
  const row = asModerator.getByRole('row').filter({ hasText: `举报人${tag}` });
  await expect(row).toContainText('经内容管理批量下架');
  await expect(row).toContainText('视频挂博彩二维码');
  await shoot(asModerator, 'decided-via-takedown');
  await reporter.page.goto('/member?type=10');
  await expect(reporter.page.getByTestId('notices')).toContainText('你的举报已通过审核');

  // A visitor meets a tombstone; the author still sees it, marked removed with the reason.
  await visitor.goto(`/video-player?id=${video}`);
  await expect(visitor.getByTestId('video-tombstone')).toContainText('该视频已被移除');
  await expect(visitor.getByText(title)).toHaveCount(0);
  await shoot(visitor, 'video-tombstone');
  await author.page.goto(`/video-player?id=${video}`);
  await expect(author.page.getByTestId('video-title')).toHaveText(title);
  await expect(author.page.getByTestId('video-review-notice')).toContainText('视频挂博彩二维码');
  await shoot(author.page, 'video-author-view');
  await author.page.goto('/member?type=9');
  const own = author.page.locator('#anchor-videos').getByTestId('own-video').filter({ hasText: title });
  await expect(own.getByTestId('own-video-status')).toHaveText('已被移除');
  await expect(own.getByTestId('own-video-reason')).toContainText('视频挂博彩二维码');
  await shoot(author.page.locator('#anchor-videos'), 'own-videos');
  await author.page.context().close();
  await reporter.page.context().close();
});

test("a moderator takes a live room's title and cover down; viewers see the defaults, the anchor is told why", async ({
  browser,
  asModerator,
  asOperator,
  page: visitor,
}) => {
  test.slow();
  const tag = randomInt(1e6);
  const anchor = await freshUserPage(browser, `标题主播${tag}`, { isAnchor: true });
  const now = await serverNow();
  const roomTitle = `加群领彩金 ${tag}`;
  const [room] = await withDatabase((db) =>
    db
      .insert(liveRooms)
      .values({
        anchorId: anchor.user.id,
        title: roomTitle,
        coverUrl: '/icon.svg',
        status: 'live',
        liveSince: now,
      })
      .returning(),
  );
  const id = room!.id;
  try {
    await asModerator.goto('/admin/live');
    await expect(asModerator.getByTestId(`live-room-${id}`)).toContainText(roomTitle);
    await expect(asModerator.getByTestId(`live-cover-${id}`)).toBeVisible();
    await shoot(asModerator, 'live-room-look');
    for (const [part, words] of [
      ['title', '标题挂博彩群号'],
      ['cover', '封面印了二维码'],
    ] as const) {
      await asModerator.getByTestId(`remove-${part}-${id}`).click();
      const dialog = asModerator.getByTestId('reason-dialog');
      await dialog.getByLabel('违规广告或引流').check();
      await dialog.getByTestId('reason-text').fill(words);
      if (part === 'title') await shoot(asModerator, 'remove-title-dialog');
      await dialog.getByTestId('reason-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(asModerator.getByTestId(`remove-${part}-${id}`)).toHaveCount(0);
    }
    await expect(asModerator.getByTestId(`live-room-${id}`)).not.toContainText(roomTitle);
    await expect(asModerator.getByTestId(`live-cover-${id}`)).toHaveCount(0);

    await visitor.goto(`/live?id=${id}`);
    await expect(visitor.getByTestId('room-title')).toHaveText(`标题主播${tag}的直播间`);
    await expect(visitor.getByText(roomTitle)).toHaveCount(0);

    await anchor.page.goto('/member?type=10');
    const told = anchor.page.getByTestId('notices');
    await expect(told).toContainText(
      '你的直播间标题因违规已被撤下，已换回默认：违规广告或引流 · 标题挂博彩群号',
    );
    await expect(told).toContainText(
      '你的直播间封面因违规已被撤下，已换回默认：违规广告或引流 · 封面印了二维码',
    );
    await shoot(anchor.page, 'anchor-notice');

    // The audit log (an operator's) reads it as a sentence.
    await asOperator.goto('/admin/audit?action=%2Fapi%2Fadmin%2Flive%2FremoveTitle');
    await expect(asOperator.getByText(`撤下了直播间 #${id} 的标题`).first()).toBeVisible();
    await shoot(asOperator, 'audit-remove-title');
  } finally {
    await withDatabase((db) =>
      db.update(liveRooms).set({ status: 'idle', liveSince: null }).where(eq(liveRooms.id, id)),
    );
    await anchor.page.context().close();
  }
});

test('a comment with a review word is its writer’s alone, marked 审核中, until a moderator approves it', async ({
  browser,
  asModerator,
  page: visitor,
}) => {
  // Three pages and a console round trip on the loaded CI machine.
  test.slow();
  const tag = randomInt(1e6);
  const word = `加群${tag}`;
  const added = await asModerator.request.post('/api/admin/sensitiveWords/add', {
    data: { words: [word], policy: 'review' },
  });
  expect((await added.json()).code).toBe(0);
  const writer = await freshUserPage(browser, `评论者${tag}`);
  const now = await serverNow();
  const postId = await withDatabase(async (db) => {
    const [circle] = await db.select().from(circles).orderBy(asc(circles.id)).limit(1);
    const [post] = await db
      .insert(posts)
      .values({ authorId: writer.user.id, channel: 'circle', body: `赛前讨论 ${tag}`, createdAt: now })
      .returning({ id: posts.id });
    await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
    return post!.id;
  });

  await writer.page.goto(`/circle-detail?id=${postId}`);
  const thread = writer.page.getByTestId('comment-thread');
  await thread.getByTestId('comment-input').fill(`看直播 ${word} 领福利`);
  await thread.getByRole('button', { name: '发表' }).click();
  const own = thread.getByTestId('comment').filter({ hasText: '看直播' });
  await expect(own.getByTestId('comment-held')).toHaveText('审核中');
  await expect(own.getByTestId('comment-text')).toContainText('看直播 *** 领福利');
  await shoot(writer.page, 'held-comment');

  // Another viewer does not see it.
  await visitor.goto(`/circle-detail?id=${postId}`);
  await expect(visitor.getByTestId('circle-post-body')).toHaveText(`赛前讨论 ${tag}`);
  await expect(visitor.getByText('看直播')).toHaveCount(0);

  const [comment] = await withDatabase((db) =>
    db.select({ id: postComments.id }).from(postComments).where(eq(postComments.postId, postId)),
  );
  await asModerator.goto(reviewQueue('comment'));
  await expect(asModerator.getByTestId(`review-item-${comment!.id}`)).toContainText('看直播 *** 领福利');
  await shoot(asModerator, 'comment-queue');
  await decideInQueue(asModerator, comment!.id, 'approve', '内容符合社区规范');

  // Approved: everyone sees it, unmarked.
  await visitor.reload();
  const shown = visitor.getByTestId('comment').filter({ hasText: '看直播 *** 领福利' });
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId('comment-held')).toHaveCount(0);
  await writer.page.reload();
  await expect(writer.page.getByTestId('comment-held')).toHaveCount(0);
  await writer.page.context().close();
});

test('a report on a live room upheld takes its title down and seals it for a day; viewers see the seal, the anchor is told', async ({
  browser,
  asModerator,
}) => {
  test.slow();
  const tag = randomInt(1e6);
  const anchor = await freshUserPage(browser, `举报房主${tag}`, { isAnchor: true });
  const reporter = await freshUserPage(browser, `举报房客${tag}`);
  const now = await serverNow();
  const roomTitle = `私聊加群送彩金 ${tag}`;
  const { roomId, caseId } = await withDatabase(async (db) => {
    const [room] = await db
      .insert(liveRooms)
      .values({ anchorId: anchor.user.id, title: roomTitle, status: 'live', liveSince: now })
      .returning();
    const [reason] = await db.select().from(reportReasons).limit(1);
    const [report] = await db
      .insert(reports)
      .values({ reporterId: reporter.user.id, targetType: 'room', targetId: room!.id, reasonId: reason!.id })
      .returning({ id: reports.id });
    return { roomId: room!.id, caseId: report!.id };
  });
  try {
    await asModerator.goto(reviewQueue('report'));
    await asModerator.getByTestId(`decide-${caseId}-approve`).click();
    const dialog = asModerator.getByTestId('reason-dialog');
    await dialog.getByTestId('room-action-title').check();
    await dialog.getByTestId('room-action-seal').check();
    await dialog.getByTestId('room-action-seal-for').selectOption('24');
    await dialog.getByLabel('违法违规内容（含赌博）', { exact: true }).check();
    await dialog.getByTestId('reason-text').fill('标题引流博彩');
    await shoot(asModerator, 'room-report-uphold');
    await dialog.getByTestId('reason-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(asModerator.getByTestId(`review-item-${caseId}`)).toBeHidden();

    await reporter.page.goto(`/live?id=${roomId}`);
    await expect(reporter.page.getByTestId('room-title')).toHaveText(`举报房主${tag}的直播间`);
    await expect(reporter.page.getByTestId('sealed-screen')).toBeVisible();
    // No replay plays in a sealed room, and the strip above it does not say one does.
    await expect(reporter.page.getByText('直播已结束，正在播放最近一场回放')).toHaveCount(0);
    await shoot(reporter.page, 'room-report-sealed');

    await anchor.page.goto('/member?type=10');
    const told = anchor.page.getByTestId('notices');
    await expect(told).toContainText(
      '你的直播间标题因违规已被撤下，已换回默认：违法违规内容（含赌博） · 标题引流博彩',
    );
    await expect(told).toContainText('你的直播间已被封禁至');
  } finally {
    await anchor.page.context().close();
    await reporter.page.context().close();
  }
});
