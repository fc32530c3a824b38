// Fun-guess in the browser: the seeded anchor opens a guess in their room, the seeded viewer stakes coins
// from a second browser context and sees the anchor's settlement arrive (a `guess` push), then finds it
// in the user centre's records. Bad input, concurrency and payouts are lib/guess/api.test.ts's.
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { guesses } from '@/lib/guess/schema';
import { cancelGuess } from '@/lib/guess/service';
import { liveRooms } from '@/lib/live/schema';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

test('a viewer stakes coins in the anchor’s guess and sees it settled', async ({ asAnchor, asUser }) => {
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
  // The viewer is in the room's push channel once the anchor's online list shows them.
  await expect(asAnchor.getByRole('region', { name: '在线观众' })).toContainText('球迷小王', {
    timeout: 20_000,
  });

  // The anchor opens it.
  await anchorPanel.getByTestId('guess-open').click();
  const form = asAnchor.getByTestId('guess-open-dialog');
  await form.getByLabel('竞猜题目').fill(question);
  await form.getByLabel('选项 1').fill('主队先进球');
  await form.getByLabel('选项 2').fill('客队先进球');
  await form.getByLabel('竞猜时长').selectOption('300');
  await form.screenshot({ path: 'test-results/guess-open-form.png' });
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
  await dialog.getByRole('button', { name: '确认押注' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(viewerGuess.getByTestId('guess-mine')).toHaveText('你押了「主队先进球」30 金币，等待结算');
  await viewerPanel.screenshot({ path: 'test-results/guess-staked.png' });

  // The anchor sees the pool, locks and names the winner.
  await expect(anchorGuess.getByTestId('guess-outcome').first()).toContainText('30 金币 · 1 人', {
    timeout: 20_000,
  });
  await anchorGuess.getByTestId('guess-lock').click();
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('已封盘');
  await anchorGuess
    .getByTestId('guess-outcome')
    .filter({ hasText: '主队先进球' })
    .getByRole('button', { name: '判定胜出' })
    .click();
  await expect(anchorGuess.getByTestId('guess-status')).toHaveText('已结算');

  // The viewer's panel shows the settlement without a reload.
  await expect(viewerGuess.getByTestId('guess-status')).toHaveText('已结算', { timeout: 20_000 });
  await expect(viewerGuess.getByTestId('guess-mine')).toHaveText('恭喜猜中！押 30 金币，获得 30 金币');
  await viewerPanel.screenshot({ path: 'test-results/guess-settled.png' });

  await asUser.goto('/member?type=24');
  const row = asUser.getByTestId('guess-records').getByRole('row').filter({ hasText: question });
  await expect(row).toContainText('主队先进球');
  await expect(row).toContainText('猜中');
  await asUser.screenshot({ path: 'test-results/guess-records.png' });
});
