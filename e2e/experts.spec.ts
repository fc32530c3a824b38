// Experts in the browser: a viewer buys a paid plan and reads it (the content was nowhere in the page
// before), disputes it, and a moderator voids it from the review queue (the plan page shows the reason);
// a revealed plan's commitment is recomputed and the public chain walked from its entry to the head in the
// visitor's browser, and the whole chain downloads as one NDJSON file; an expert writes, previews and
// publishes an analysis article that /specialist-news lists. The plan is published
// through the service by a seeded demo expert, on a fictional match two hours ahead (the real data holds
// no future fixtures); plans are never deleted, so the match stays.
import { and, asc, eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { publishPlan } from '@/lib/experts/plans';
import { expertPlans, experts, planDisputes } from '@/lib/experts/schema';
import { DEMO_EXPERTS } from '@/lib/experts/seed';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';
import { fundUser } from '@/lib/testing/factories';
import { E2E_BASE_URL } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch } from './fictional-match';
import { expect as baseExpect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** A fixture two hours ahead to publish plans on. */
const matchInTwoHours = (db: Db, now: Date) =>
  createFictionalMatch(db, {
    teamNames: ['E2E Experts United', 'E2E Experts Rovers'],
    colour: '#0e7490',
    externalPrefix: 'e2e-experts',
    kickoffAt: new Date(now.getTime() + 2 * 3600_000),
  });

const SECRET = '主队三中卫体系克制对手边路，看主胜，比分 2:0。';

test('a viewer buys a paid plan and reads it, disputes it, and a moderator voids it from the queue', async ({
  browser,
  asModerator,
}) => {
  const now = await serverNow();
  const planId = await withDatabase(async (db) => {
    const match = await matchInTwoHours(db, now);
    const [expert] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, DEMO_EXPERTS[0].mobile));
    const { plan } = await publishPlan(
      db,
      expert!.id,
      {
        matchId: match.id,
        title: 'E2E 付费方案：主胜有把握',
        selections: [{ market: 'football_1x2', pick: 'home' }],
        reasoning: SECRET,
        price: 30,
        refundIfLost: true,
      },
      now,
    );
    return plan.id;
  });

  // A viewer of its own (the demo viewer's balance is checked exactly by member.spec.ts).
  const { page, user } = await freshUserPage(browser, 'E2E 方案买家');
  await withDatabase((db) => fundUser(db, user.id, 'star', 100, now));
  await page.goto(`/specialist-detail?id=${planId}`);
  await expect(page.getByTestId('plan-locked')).toBeVisible();
  await expect(page.getByTestId('plan-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  expect(await page.content()).not.toContain('三中卫');
  // The spend sheet in English (the widest labels) on a 360 px phone: a bottom sheet, nothing past the screen.
  // (`desktop`: the e2e portal has a mobile site, which a phone-wide window is sent to otherwise. The width
  // changes after the visit: narrowed on the page before, that page's own check could send it to the
  // mobile site while this visit starts, aborting it.)
  await page.goto(`/en/specialist-detail?id=${planId}&desktop=1`);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByTestId('plan-buy').click();
  await expect(page.getByTestId('spend-refund-terms')).toHaveText(
    'Refund if it misses: if the tip loses, all 30 star diamonds come back to you',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/spend-sheet-plan-360-en.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Visiting /en remembered English: back to the default language.
  await page.context().clearCookies({ name: LOCALE_COOKIE });
  await page.goto(`/specialist-detail?id=${planId}`);

  // The spend sheet: the price, the balance after, the escrow, 不中退款 and the dispute window.
  await page.getByTestId('plan-buy').click();
  const sheet = page.getByRole('dialog').and(page.getByTestId('spend-confirm'));
  await expect(sheet.getByTestId('spend-price')).toHaveText('30 星钻');
  await expect(sheet.getByTestId('spend-balance-now')).toHaveText('100 星钻');
  await expect(sheet.getByTestId('spend-balance-after')).toHaveText('70 星钻');
  await expect(sheet.getByTestId('spend-refund-terms')).toHaveText('不中退款：方案未命中，30 星钻全额退回');
  await expect(sheet.getByTestId('spend-terms')).toContainText('结果公布后 24 小时内可以申诉');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/spend-sheet-plan-1440.png' });
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(sheet.getByTestId('spend-confirm-submit')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/spend-sheet-plan-360.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await sheet.getByTestId('spend-confirm-submit').click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('plan-reasoning')).toHaveText(SECRET);
  await expect(page.getByTestId('plan-pick')).toHaveText(/主胜|Home win/);
  // The purchase is in escrow until the grade.
  const held = await withDatabase((db) =>
    db.select({ buyers: expertPlans.buyers }).from(expertPlans).where(eq(expertPlans.id, planId)),
  );
  expect(held[0]!.buyers).toBe(1);

  // The buyer disputes it; a moderator upholds the dispute from the review queue: the plan is voided.
  await page.getByTestId('plan-dispute-open').click();
  await page.getByLabel(/内容误导|Misleading content/).check();
  await page.getByTestId('plan-dispute-text').fill('理由与比赛无关，照搬别人的文章');
  await page.getByTestId('plan-dispute-submit').click();
  await expect(page.getByTestId('plan-dispute-state')).toBeVisible();
  const [dispute] = await withDatabase((db) =>
    db.select({ id: planDisputes.id }).from(planDisputes).where(eq(planDisputes.planId, planId)),
  );
  await asModerator.goto(reviewQueue('expertPlan'));
  await expect(asModerator.getByTestId(`review-item-${dispute!.id}`)).toContainText('理由与比赛无关');
  await decideInQueue(asModerator, dispute!.id, 'approve', '内容误导', '方案理由抄袭');
  await page.reload();
  await expect(page.getByTestId('plan-void-reason')).toContainText('方案理由抄袭');
  await expect(page.getByTestId('plan-dispute-state')).toContainText('方案理由抄袭');
});

test('a revealed plan is verified in the visitor’s browser, and the expert pages list the record', async ({
  page,
}) => {
  const [graded] = await withDatabase((db) =>
    db
      .select({ id: expertPlans.id, commitment: expertPlans.commitment })
      .from(expertPlans)
      .where(and(eq(expertPlans.status, 'graded')))
      .orderBy(asc(expertPlans.id))
      .limit(1),
  );
  await page.goto(`/specialist-detail?id=${graded!.id}`);
  await expect(page.getByTestId('plan-content')).toBeVisible();
  await expect(page.getByTestId('plan-verify-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('plan-verify-computed')).toHaveText(graded!.commitment);
  const chain = page.getByTestId('plan-verify-chain');
  await expect(chain).toHaveAttribute('data-ok', 'true');
  await expect(chain).toContainText(/记录链已核对/);
  const walkedHead = await page.getByTestId('plan-verify-head').textContent();

  await page.goto('/specialist');
  await expect(page.getByTestId('ranking-row').first()).toBeVisible();
  await expect(page.getByTestId('chain-head-hash')).toHaveText(/^[0-9a-f]{64}$/);
  // The head the plan page walked to is the one published here (or an older one, if a plan was
  // published since), and the link downloads the whole chain, one entry a line.
  const download = await page.request.get(
    (await page.getByRole('link', { name: /下载完整记录/ }).getAttribute('href'))!,
  );
  expect(download.headers()['content-type']).toContain('application/x-ndjson');
  const lines = (await download.text()).trimEnd().split('\n');
  expect(lines).toHaveLength(Number(download.headers()['x-chain-head-seq']));
  expect(lines.map((line) => JSON.parse(line).hash)).toContain(walkedHead);
  await page.goto('/specialist-home?type=0');
  // The top expert publishes a plan here, and their profile lists it first (the ranking counts graded
  // plans only, so they stay on top).
  const top = page.getByTestId('ranking-row').first().getByRole('link');
  const expertId = Number(new URL((await top.getAttribute('href'))!, E2E_BASE_URL).searchParams.get('id'));
  const title = `E2E 近期方案 ${expertId}`;
  await withDatabase(async (db) => {
    const now = await serverNow();
    const match = await matchInTwoHours(db, now);
    const selections = [{ market: 'football_1x2', pick: 'away' }];
    await publishPlan(
      db,
      expertId,
      { matchId: match.id, title, selections, reasoning: SECRET, price: 0, refundIfLost: false },
      now,
    );
  });
  await top.click();
  await expect(page.getByTestId('expert-record')).toBeVisible();
  const history = page.getByTestId('expert-history').getByTestId('plan-card');
  await expect(history.first()).toContainText(title);
  // Their graded demo plans on 2024-25 matches follow it: a record is never hidden for its age.
  expect(await history.count()).toBeGreaterThan(1);
});

test('an expert writes, previews and publishes an analysis article that /specialist-news lists', async ({
  browser,
}) => {
  const { page, user } = await freshUserPage(browser, 'E2E 文章专家');
  const now = await serverNow();
  await withDatabase((db) =>
    db.insert(experts).values({ userId: user.id, sports: ['football'], experience: 'E2E', approvedAt: now }),
  );
  const title = `E2E 分析：边路是胜负手 ${now.getTime() % 100_000}`;
  await page.goto(`/specialist-info?id=${user.id}`);
  await page.getByTestId('write-article').click();
  await page.getByTestId('article-title').fill(title);
  await page
    .getByTestId('article-body')
    .fill(
      '## 看点\n\n主队的**边路推进**是本场的关键，客队右路防守一直是短板。\n\n- 主队近五场四胜\n- 客队客场三连败',
    );
  await page.getByRole('tab', { name: '预览' }).click();
  const preview = page.locator('div[data-testid="article-preview"]');
  await expect(preview.getByRole('heading', { name: '看点' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('边路推进');
  await page.getByTestId('article-submit').click();
  await expect(page.getByTestId('article-published')).toBeVisible();
  await expect(page.getByTestId('my-articles')).toContainText(title);
  await page.goto('/specialist-news');
  await page.getByTestId('expert-news-list').getByRole('link', { name: title }).click();
  await expect(page.getByTestId('expert-article').locator('strong')).toHaveText('边路推进');
});
