// The console's review queue, users and live rooms with the people on the other side: a moderator refuses a
// community post with a reason its author reads in the message centre; a finance user pays one withdrawal
// and refuses another (the refund is in the anchor's wallet); a moderator seals a room on air and a viewer
// sees why; an operator approves an anchor application and the applicant goes live: Debian's ffmpeg pushes
// a test pattern with their new stream key and their room turns live for a visitor. Two reports on one
// post are one case a moderator reaches from the dashboard, takes and dismisses; the decided view and
// the audit log's sentence name the moderator and the reason. Accounts and rows are each test's own
// (freshUserPage, the database). A user reports a post with its report button; a moderator upholds the
// case from the reports tab, removing the post and muting its author for a day in the same decision: the
// author reads both (the mute's end in their own zone), a visitor meets a tombstone, search has nothing,
// and the reporter learns the outcome.

import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { circlePosts, circles } from '@/lib/circles/schema';
import { anchorApplications, liveRooms } from '@/lib/live/schema';
import { pushTestPattern, UNTIL_STOPPED_S } from '@/lib/media/test-pattern';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { posts } from '@/lib/posts/schema';
import { E2E_RTMP_PORT } from '../playwright.config';
import { EARNER_PIN, earningAnchor, freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/review-${name}.png`, fullPage: true });
};
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const pushes: ChildProcess[] = [];
test.afterAll(() => {
  for (const child of pushes) if (child.exitCode === null) child.kill('SIGKILL');
});

test('a moderator refuses a community post with a reason its author reads in the message centre', async ({
  browser,
  asModerator,
}) => {
  const author = await freshUserPage(browser, `圈友${randomInt(1e6)}`);
  const body = `全场低价球票，私聊我 ${randomInt(1e6)}`;
  const now = await serverNow();
  const [post] = await withDatabase((db) =>
    db
      .insert(posts)
      .values({ authorId: author.user.id, channel: 'circle', body, reviewStatus: 'pending', createdAt: now })
      .returning(),
  );

  // The tabs switch queues, whichever has items: reports, then back to community posts.
  const current = asModerator.getByTestId('review-sources').locator('[aria-current="page"]');
  await asModerator.goto(reviewQueue('report'));
  await expect(current).toHaveAttribute('href', /source=report/);
  await asModerator.getByTestId('review-sources').locator('a[href*="source=circlePost"]').click();
  await expect(current).toHaveAttribute('href', /source=circlePost/);
  await expect(asModerator.getByTestId(`review-item-${post!.id}`)).toContainText(body);
  await shoot(asModerator, 'queue');
  await decideInQueue(asModerator, post!.id, 'reject', '违规广告或引流', '请勿发布店铺和私聊链接');

  await author.page.goto('/member?type=10');
  await expect(author.page.getByTestId('notices')).toContainText(
    '你的社区帖子未通过审核：违规广告或引流 · 请勿发布店铺和私聊链接',
  );
  await author.page.context().close();
});

test('two reports on one post are one case: a moderator takes it from the dashboard, dismisses it, and the decided view and the audit log say who and why', async ({
  asModerator,
  asOperator,
}) => {
  const tag = randomInt(1e6);
  const note = `只是正常的赛前分析 ${tag}`;
  const now = await serverNow();
  const caseId = await withDatabase(async (db) => {
    const [author, ann, bo] = await db
      .insert(users)
      .values(
        ['作者', '举报甲', '举报乙'].map((name, index) => ({
          mobile: `1370${String((tag * 3 + index) % 10_000_000).padStart(7, '0')}`,
          nickname: `${name}${tag}`,
        })),
      )
      .returning();
    const [post] = await db
      .insert(posts)
      .values({ authorId: author!.id, channel: 'circle', body: `主队必胜 ${tag}`, createdAt: now })
      .returning();
    const [reason] = await db.select().from(reportReasons).limit(1);
    const made = await db
      .insert(reports)
      .values(
        [ann!, bo!].map((reporter) => ({
          reporterId: reporter.id,
          targetType: 'post',
          targetId: post!.id,
          reasonId: reason!.id,
        })),
      )
      .returning({ id: reports.id });
    return Math.min(...made.map((row) => row.id));
  });

  // The dashboard's card leads to the reports tab, which counts cases.
  await asModerator.goto('/admin/dashboard');
  // Staff reach the console from their own avatar menu.
  await expect(asModerator.getByTestId('user-menu').getByTestId('console-entry')).toHaveAttribute(
    'href',
    /\/admin$/,
  );
  await shoot(asModerator, 'dashboard');
  await asModerator.getByTestId('ops-reportsWaiting').click();
  await expect(asModerator).toHaveURL(/\/admin\/review\?source=report/);
  await asModerator.goto(reviewQueue('report'));
  const row = asModerator
    .getByTestId('data-row')
    .filter({ has: asModerator.getByTestId(`review-item-${caseId}`) });
  await expect(row.getByTestId('report-case')).toContainText(`2 人举报：举报甲${tag}、举报乙${tag}`);
  await row.getByTestId(`take-${caseId}`).click();
  await expect(row.getByTestId(`taken-${caseId}`)).toHaveText('由你处理');
  await shoot(asModerator, 'reports');
  await decideInQueue(asModerator, caseId, 'reject', '未发现违规', note);

  await asModerator.getByTestId('review-view-decided').click();
  const decided = asModerator.getByTestId('data-row').filter({ hasText: note });
  await expect(decided).toContainText('审核小周');
  await expect(decided).toContainText(`未发现违规：${note}`);
  await expect(decided).toContainText(`举报甲${tag}`);

  await asOperator.goto(`/admin/audit?action=${encodeURIComponent('/api/admin/review/report/decide')}`);
  await expect(asOperator.getByTestId('audit-sentence').filter({ hasText: note }).first()).toHaveText(
    `审核员 审核小周 驳回了 举报甲${tag} 的举报 #${caseId}：未发现违规（${note}）`,
  );
  await shoot(asOperator, 'audit');
});

test('a finance user approves one withdrawal and refuses another, refunded to the anchor’s wallet', async ({
  browser,
  asFinance,
}) => {
  const { api, ...anchor } = await earningAnchor(browser, `提现主播${randomInt(1e6)}`);
  await api('/api/Bank_card/bindAliPay?account=anchor%40example.com&real_name=Li%20Lei');
  const apply = (amount: number) =>
    api(
      `/api/Balance/applyForWithdrawal?amount=${amount}&type=alipay&pay_password=${EARNER_PIN}&key=e2e-${anchor.user.id}-${amount}`,
    );
  const paid = (await apply(300)).id as number;
  const refused = (await apply(500)).id as number;

  await asFinance.goto(reviewQueue('withdrawal'));
  await decideInQueue(asFinance, paid, 'approve', '收款账户与实名信息核对无误');
  await decideInQueue(asFinance, refused, 'reject', '收款账户与实名信息不符', '支付宝实名与认证姓名不一致');

  await anchor.page.goto('/member?type=2');
  await expect(anchor.page.getByTestId('wallet-yellow')).toHaveText('700');
  await anchor.page.goto('/member?type=10');
  await expect(anchor.page.getByTestId('notices')).toContainText(
    '你的提现申请未通过审核：收款账户与实名信息不符 · 支付宝实名与认证姓名不一致',
  );
  // The same anchor in the console's users: found by id, with the refunded balance and no mute or ban.
  await asFinance.goto(`/admin/users?q=${anchor.user.id}`);
  await asFinance.getByRole('link', { name: anchor.user.nickname }).click();
  await expect(asFinance.getByTestId('user-balances')).toContainText('700');
  await expect(asFinance.getByTestId('sanction-actions')).toHaveCount(0);
  await shoot(asFinance, 'user');
  await anchor.page.context().close();
});

test('a moderator seals a room on air and a viewer sees why', async ({ browser, asModerator, asUser }) => {
  const anchor = await freshUserPage(browser, `封禁主播${randomInt(1e6)}`, { isAnchor: true });
  const now = await serverNow();
  const [room] = await withDatabase((db) =>
    db
      .insert(liveRooms)
      .values({ anchorId: anchor.user.id, title: '足球夜话', status: 'live', liveSince: now })
      .returning(),
  );
  await asModerator.goto('/admin/live');
  await expect(asModerator.getByTestId(`live-room-${room!.id}`)).toContainText('足球夜话');
  await shoot(asModerator, 'live');
  await asModerator.getByTestId(`seal-${room!.id}`).click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByLabel('违法违规内容（含赌博）').check();
  await dialog.getByTestId('reason-text').fill('直播中推广博彩网站');
  await dialog.getByTestId('reason-confirm').click();
  await expect(asModerator.getByTestId(`unseal-${room!.id}`)).toBeVisible();

  await asUser.goto(`/live?id=${room!.id}`);
  // The reason's code in the viewer's language, then the moderator's own words.
  await expect(asUser.getByTestId('sealed-reason')).toContainText(
    '违法违规内容（含赌博） · 直播中推广博彩网站',
  );
  await anchor.page.context().close();
});

test('an operator approves an anchor application and the applicant goes live', async ({
  browser,
  asOperator,
}) => {
  const applicant = await freshUserPage(browser, `新主播${randomInt(1e6)}`);
  const [application] = await withDatabase((db) =>
    db
      .insert(anchorApplications)
      .values({
        userId: applicant.user.id,
        realName: '王小明',
        contact: '13900000000',
        idNumber: '110101199001011234',
        // A photo never uploaded: the queue shows a broken image, and the photo route answers 404.
        idPhotoKey: `identity/${'0'.repeat(32)}.jpg`,
        experience: '解说业余联赛三个赛季',
      })
      .returning(),
  );
  await asOperator.goto(reviewQueue('anchorApplication'));
  await expect(asOperator.getByTestId(`review-item-${application!.id}`)).toContainText('王小明');
  await decideInQueue(asOperator, application!.id, 'approve', '资料核实无误');

  await applicant.page.goto('/member?type=9');
  await expect(applicant.page.getByTestId('anchor-state')).toBeVisible();
  await applicant.page.goto('/member?type=10');
  await expect(applicant.page.getByTestId('notices')).toContainText('你的主播申请已通过审核（资料核实无误）');

  // The new anchor's stream key, pushed: their room is on air for a visitor.
  const reply = await applicant.page.request.post('/api/live/rotateStreamKey');
  const { data } = (await reply.json()) as { data: { room_id: number; stream_key: string } };
  const { child } = pushTestPattern(FFMPEG, `rtmp://127.0.0.1:${E2E_RTMP_PORT}/live/${data.stream_key}`, {
    seconds: UNTIL_STOPPED_S,
  });
  pushes.push(child);
  const visitor = await browser.newPage();
  await visitor.goto(`/live?id=${data.room_id}`);
  await expect(visitor.getByTestId('room-state')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  child.kill('SIGKILL');
  await visitor.context().close();
  await applicant.page.context().close();
});

test('a reported post is removed and its author muted for a day in one decision; author, visitor and reporter each see it', async ({
  browser,
  asModerator,
  page: visitor,
}) => {
  // Four people's pages and a console round trip on the loaded CI machine.
  test.slow();
  const tag = randomInt(1e6);
  const body = `加群领彩金，稳赚不赔 ${tag}`;
  // The author lives in New York: the mute's end is written in their zone, named.
  const author = await freshUserPage(browser, `违规作者${tag}`, { timeZone: 'America/New_York' });
  const reporter = await freshUserPage(browser, `热心球迷${tag}`);
  const now = await serverNow();
  const postId = await withDatabase(async (db) => {
    const [circle] = await db.select().from(circles).orderBy(asc(circles.id)).limit(1);
    const [post] = await db
      .insert(posts)
      .values({ authorId: author.user.id, channel: 'circle', body, createdAt: now })
      .returning({ id: posts.id });
    await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
    return post!.id;
  });

  // The reporter uses the post's own report button.
  await reporter.page.goto(`/circle-detail?id=${postId}`);
  await reporter.page.getByRole('button', { name: '举报动态' }).click();
  const report = reporter.page.getByTestId('report-dialog');
  await report.getByLabel('赌博或博彩广告').check();
  await report.getByRole('button', { name: '提交举报' }).click();
  await expect(reporter.page.getByText('举报已提交，我们会尽快处理')).toBeVisible();
  const caseId = await withDatabase(async (db) => {
    const [row] = await db.select().from(reports).where(eq(reports.reporterId, reporter.user.id));
    return row!.id;
  });

  // The moderator opens the case from the reports tab and upholds it, muting the author for a day.
  await asModerator.goto('/admin/review');
  await asModerator.getByTestId('review-sources').locator('a[href*="source=report"]').click();
  await expect(asModerator.getByTestId(`review-item-${caseId}`)).toContainText(body);
  await asModerator.getByTestId(`decide-${caseId}-approve`).click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByTestId('author-sanction-mute').check();
  await dialog.getByTestId('sanction-duration').selectOption('1d');
  await dialog.getByLabel('违法违规内容（含赌博）', { exact: true }).check();
  await dialog.getByTestId('reason-text').fill('博彩引流');
  await shoot(asModerator, 'uphold-with-mute');
  const answered = asModerator.waitForResponse((response) => response.url().endsWith('/report/decide'));
  await dialog.getByTestId('reason-confirm').click();
  expect((await (await answered).json()).data.results).toEqual([
    expect.objectContaining({ id: caseId, ok: true }),
  ]);
  await expect(asModerator.getByTestId(`review-item-${caseId}`)).toBeHidden();

  // The author: the post marked removed with the reason, and the mute's end in New York time.
  await author.page.goto(`/circle-detail?id=${postId}`);
  await expect(author.page.getByTestId('review-notice')).toContainText('博彩引流');
  await author.page.goto('/member?type=10');
  const told = author.page.getByTestId('notices');
  await expect(told).toContainText('你的社区帖子因违规已被删除：违法违规内容（含赌博） · 博彩引流');
  await expect(told).toContainText(/你已被禁言至 .+UTC−[45].*：违法违规内容（含赌博） · 博彩引流/);
  await shoot(author.page, 'author-muted');

  // A visitor meets a tombstone, and search has nothing of it.
  await visitor.goto(`/circle-detail?id=${postId}`);
  await expect(visitor.getByTestId('post-tombstone')).toContainText('该帖子已被移除');
  const found = await (
    await visitor.request.get(`/api/Search/index?name=${encodeURIComponent(String(tag))}`)
  ).json();
  expect(JSON.stringify(found.data)).not.toContain(body);

  // The reporter learns the outcome.
  await reporter.page.goto('/member?type=10');
  await expect(reporter.page.getByTestId('notices')).toContainText(
    '你的举报已通过审核（违法违规内容（含赌博））',
  );
  await author.page.context().close();
  await reporter.page.context().close();
});
