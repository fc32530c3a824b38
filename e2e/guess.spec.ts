// Fun-guess in the browser: the seeded anchor opens a guess in their room, the seeded viewer stakes coins
// from a second browser context and sees the anchor's settlement arrive (a `guess` push) with when it pays
// out, disputes it from the panel, a moderator voids it in the console's review queue, and the viewer sees
// the refund with the moderator's reason, in the panel and in the user centre's records. Bad input,
// refusals, concurrency and payouts are lib/guess/api.test.ts's.
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { guesses, guessOutcomes, guessStakes } from '@/lib/guess/schema';
import { cancelGuess, stakeGuess } from '@/lib/guess/service';
import { liveRooms } from '@/lib/live/schema';
import { makeUser } from '@/lib/testing/factories';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

test.describe.configure({ timeout: 150_000 });
const shots = process.env.SHOTS_DIR ?? 'test-results';

test('a viewer stakes in the anchor’s guess, disputes the result and sees it voided with the reason', async ({
  asAnchor,
  asUser,
  asModerator,
}) => {
  const question = `下半场谁先进球？${randomInt(1_000_000)}`;
  // The seeded anchor's room, with no guess left open by an earlier run; the seeded viewer's coins.
  const roomId = await withDatabase(async (db) => {
    const [room] = await db
      .select({ id: liveRooms.id })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(eq(users.mobile, '13800000002'));
    const now = await serverNow();
    const open = await db
      .select({ id: guesses.id })
      .from(guesses)
      .where(and(eq(guesses.roomId, room!.id), inArray(guesses.status, ['open', 'locked'])));
    for (const { id } of open) await cancelGuess(db, { guessId: id, reason: 'anchor', now });
    const [viewer] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000001'));
    await runOperation(db, {
      key: `e2e:guess:${randomInt(1_000_000_000)}`,
      kind: 'reward',
      userId: viewer!.id,
      payload: {},
      now,
      prepare: async () => ({ legs: [mintLeg(viewer!.id, 'coin', 100)], result: {} }),
    });
    return room!.id;
  });

  await asAnchor.goto(`/live?id=${roomId}`);
  await asUser.goto(`/live?id=${roomId}`);
  const anchorPanel = asAnchor.getByTestId('guess-panel');
  const viewerPanel = asUser.getByTestId('guess-panel');
  await expect(viewerPanel.getByRole('heading', { name: '趣味竞猜' })).toBeVisible();
  // The viewer is in the room's push channel once the gateway lists them (asked directly: the anchor's
  // list reloads on a welcome, which a viewer back within a minute — a retry — does not get).
  await expect
    .poll(
      async () => {
        const reply = await asAnchor.request.get(`/api/Guard/roomOnline?room_id=${roomId}`);
        const { data } = (await reply.json()) as { data: { list: { nickname: string }[] } };
        return data.list.map((viewer) => viewer.nickname);
      },
      { timeout: 20_000 },
    )
    .toContain('球迷小王');

  // The anchor opens it.
  await anchorPanel.getByTestId('guess-open').click();
  const form = asAnchor.getByTestId('guess-open-dialog');
  await form.getByLabel('竞猜题目').fill(question);
  await form.getByLabel('选项 1').fill('主队先进球');
  await form.getByLabel('选项 2').fill('客队先进球');
  await form.getByLabel('竞猜时长').selectOption('300');
  await form.screenshot({ path: `${shots}/guess-open-form.png` });
  await form.getByRole('button', { name: '发起', exact: true }).click();
  await expect(form).toHaveCount(0);
  const anchorGuess = anchorPanel.getByTestId('guess-item').filter({ hasText: question });
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('进行中');
  await expect(anchorGuess).toContainText('你管理本直播间，不能参与押注');

  // The viewer's panel hears of it and stakes 30 coins, seeing their balance first.
  const viewerGuess = viewerPanel.getByTestId('guess-item').filter({ hasText: question });
  await expect(viewerGuess.getByTestId('guess-status')).toHaveText('进行中', { timeout: 20_000 });
  await viewerGuess
    .getByTestId('guess-outcome')
    .filter({ hasText: '主队先进球' })
    .getByTestId('guess-stake')
    .click();
  const dialog = asUser.getByTestId('guess-stake-dialog');
  await expect(dialog.getByTestId('guess-coins')).toHaveText(/^我的金币：[\d,]+$/);
  await dialog.getByLabel('押注金币').fill('30');
  // The first answer is lost on the way back (the stake went through): the dialog says it failed, and
  // pressing again is the same stake (its key), not a second one.
  let answers = 0;
  await asUser.route('**/api/guess/stake', async (route) => {
    answers += 1;
    if (answers > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: '确认押注' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: '确认押注' }).click();
  await expect(dialog).toHaveCount(0);
  await asUser.unroute('**/api/guess/stake');
  expect(answers).toBe(2);
  await expect(viewerGuess.getByTestId('guess-mine')).toHaveText('你押了「主队先进球」30 金币，等待结算');
  await viewerPanel.screenshot({ path: `${shots}/guess-staked.png` });

  // Another viewer backs the other side (so naming it pays someone: a pool nobody won is refunded).
  const guessId = Number(await viewerGuess.getAttribute('data-guess-id'));
  const stakes = await withDatabase((db) =>
    db.select({ amount: guessStakes.amount }).from(guessStakes).where(eq(guessStakes.guessId, guessId)),
  );
  expect(stakes).toEqual([{ amount: 30 }]);
  await withDatabase(async (db) => {
    const other = await makeUser(db);
    const now = await serverNow();
    await runOperation(db, {
      key: `e2e:guess:${randomInt(1_000_000_000)}`,
      kind: 'reward',
      userId: other.id,
      payload: {},
      now,
      prepare: async () => ({ legs: [mintLeg(other.id, 'coin', 20)], result: {} }),
    });
    const [away] = await db
      .select({ id: guessOutcomes.id })
      .from(guessOutcomes)
      .where(and(eq(guessOutcomes.guessId, guessId), eq(guessOutcomes.label, '客队先进球')));
    await stakeGuess(db, {
      userId: other.id,
      guessId,
      outcomeId: away!.id,
      amount: 20,
      key: `e2e${randomInt(1e9)}`,
      now,
    });
  });

  // The anchor sees the pool, locks and names the winner.
  await expect(anchorGuess.getByTestId('guess-outcome').first()).toContainText('30 金币 · 1 人', {
    timeout: 20_000,
  });
  await anchorGuess.getByTestId('guess-lock').click();
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('已封盘');
  // Before it pays anyone, the anchor sees who wins how much (the server's pari-mutuel), then confirms.
  await anchorGuess
    .getByTestId('guess-outcome')
    .filter({ hasText: '客队先进球' })
    .getByRole('button', { name: '判定胜出' })
    .click();
  const settle = asAnchor.getByTestId('guess-settle-sheet');
  await expect(settle).toContainText('判定「客队先进球」胜出');
  await expect(settle.getByTestId('guess-settle-pool')).toHaveText('50 金币');
  await expect(settle.getByTestId('guess-settle-winners')).toHaveText('1 / 2 人');
  await expect(settle.getByTestId('guess-settle-winner')).toHaveCount(1);
  await expect(settle.getByTestId('guess-settle-winner')).toContainText('押 20得 50');
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('已封盘');
  await asAnchor.screenshot({ path: `${shots}/guess-settle-sheet.png` });
  await asAnchor.setViewportSize({ width: 360, height: 780 });
  await expect(settle.getByTestId('guess-settle-confirm')).toBeInViewport();
  await asAnchor.screenshot({ path: `${shots}/guess-settle-sheet-360.png` });
  await asAnchor.setViewportSize({ width: 1280, height: 800 });
  await settle.getByTestId('guess-settle-confirm').click();
  await expect(settle).toHaveCount(0);
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('已结算');

  // The viewer's panel shows the settlement without a reload, and when it pays out.
  await expect(viewerGuess.getByTestId('guess-status')).toHaveText('已结算', { timeout: 20_000 });
  await expect(viewerGuess.getByTestId('guess-mine')).toHaveText('很遗憾没猜中，押注的 30 金币未退还');
  await expect(viewerGuess.getByTestId('guess-payout')).toHaveText(
    /^\d{2}:\d{2} 派奖，对结果有异议可在此前申诉$/,
  );
  await viewerPanel.screenshot({ path: `${shots}/guess-settled.png` });

  // The viewer disputes it.
  await viewerGuess.getByTestId('guess-dispute').click();
  const disputeDialog = asUser.getByTestId('guess-dispute-dialog');
  await disputeDialog.getByLabel('结果判错了').check();
  await disputeDialog.getByLabel('补充说明（最多 200 字）').fill('回放里主队 9 号先进球');
  await disputeDialog.screenshot({ path: `${shots}/guess-dispute-dialog.png` });
  await disputeDialog.getByRole('button', { name: '提交申诉' }).click();
  await expect(disputeDialog).toHaveCount(0);
  await expect(viewerGuess.getByTestId('guess-payout')).toHaveText('你已申诉，管理员会尽快审核');
  await expect(viewerGuess.getByTestId('guess-dispute')).toHaveCount(0);
  await viewerPanel.screenshot({ path: `${shots}/guess-disputed.png` });

  // A moderator voids it in the review queue, with a reason.
  await asModerator.goto(reviewQueue('guessDispute'));
  const item = asModerator.getByTestId(`review-item-${guessId}`);
  await expect(item).toContainText(question);
  await expect(item).toContainText('结果判错了 — 回放里主队 9 号先进球');
  await expect(item).toContainText('客队先进球');
  await asModerator.screenshot({ path: `${shots}/guess-review.png`, fullPage: true });
  await asModerator.setViewportSize({ width: 360, height: 780 });
  await asModerator.screenshot({ path: `${shots}/guess-review-360.png`, fullPage: true });
  await asModerator.setViewportSize({ width: 1280, height: 800 });
  await decideInQueue(asModerator, guessId, 'approve', '结果判错', '回放确认主队先进球');

  // The viewer's panel shows it void with the moderator's reason, and the coins back.
  await expect(viewerGuess.getByTestId('guess-status')).toHaveText('流局', { timeout: 20_000 });
  await expect(viewerGuess.getByTestId('guess-cancel-reason')).toHaveText(
    '申诉成立，本竞猜作废：结果判错 · 回放确认主队先进球。押注已全部退还',
  );
  await expect(viewerGuess.getByTestId('guess-mine')).toHaveText('押注的 30 金币已退还');
  await viewerPanel.screenshot({ path: `${shots}/guess-voided.png` });

  await asUser.goto('/member?type=24');
  const row = asUser.getByTestId('guess-records').getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('主队先进球');
  await expect(row).toContainText('退还');
  await expect(row.getByTestId('guess-record-note')).toContainText('回放确认主队先进球');
  await asUser.screenshot({ path: `${shots}/guess-records.png` });
});
