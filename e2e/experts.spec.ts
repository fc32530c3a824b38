// Experts in the browser: a viewer buys a paid plan and reads it (the content was nowhere in the page
// before), and a revealed plan's commitment is recomputed in the visitor's browser. The plan is published
// through the service by a seeded demo expert, on a fictional match two hours ahead (the real data holds
// no future fixtures); plans are never deleted, so the match stays.
import { and, asc, eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { publishPlan } from '@/lib/experts/plans';
import { expertPlans } from '@/lib/experts/schema';
import { DEMO_EXPERTS } from '@/lib/experts/seed';
import { fundUser } from '@/lib/testing/factories';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch } from './fictional-match';
import { expect as baseExpect, test } from './fixtures';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const SECRET = '主队三中卫体系克制对手边路，看主胜，比分 2:0。';

test('a viewer buys a paid plan and reads it; the content was not in the page before', async ({
  browser,
}) => {
  const now = await serverNow();
  const planId = await withDatabase(async (db) => {
    const match = await createFictionalMatch(db, {
      teamNames: ['E2E Experts United', 'E2E Experts Rovers'],
      colour: '#0e7490',
      externalPrefix: 'e2e-experts',
      kickoffAt: new Date(now.getTime() + 2 * 3600_000),
    });
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
  await page.getByTestId('plan-buy').click();
  await expect(page.getByTestId('plan-reasoning')).toHaveText(SECRET);
  await expect(page.getByTestId('plan-pick')).toHaveText(/主胜|Home win/);
  // The purchase is in escrow until the grade.
  const held = await withDatabase((db) =>
    db.select({ buyers: expertPlans.buyers }).from(expertPlans).where(eq(expertPlans.id, planId)),
  );
  expect(held[0]!.buyers).toBe(1);
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

  await page.goto('/specialist');
  await expect(page.getByTestId('ranking-row').first()).toBeVisible();
  await expect(page.getByTestId('chain-head-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await page.goto('/specialist-home?type=0');
  await page.getByTestId('ranking-row').first().getByRole('link').click();
  await expect(page.getByTestId('expert-record')).toBeVisible();
  await expect(page.getByTestId('expert-history').getByTestId('plan-card').first()).toBeVisible();
});
