// The live room's extras: an anchor binds the room to a live replayed match in the anchor centre's
// picker, the room then shows the match situation and /score-live lists it; the room's previews show a
// reserved live made through the API; recommended videos show another room's replay and open it.
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { matchEvents, matches, matchStatistics, teams } from '@/lib/scores/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const HOUR = 3600_000;
const stamp = randomInt(1_000_000);
// Rows meant to be live or upcoming for the portal are placed relative to its clock (e2e/clock.ts), with
// margins of hours, not seconds.
const serverTime = async () => (await serverNow()).getTime();

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A live replay of a real recorded match, 2 - 1 in the 67th minute, with a goal and a few statistics. */
async function liveReplay() {
  return withDatabase(async (db) => {
    const [original] = await db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.source, 'openfootball'),
          eq(matches.status, 'finished'),
          isNull(matches.replayOfMatchId),
        ),
      )
      .limit(1);
    const [home] = await db.select().from(teams).where(eq(teams.id, original!.homeTeamId));
    const [away] = await db.select().from(teams).where(eq(teams.id, original!.awayTeamId));
    const [match] = await db
      .insert(matches)
      .values({
        seasonId: original!.seasonId,
        source: 'e2e',
        externalId: `room-extras-${stamp}`,
        round: original!.round,
        homeTeamId: original!.homeTeamId,
        awayTeamId: original!.awayTeamId,
        kickoffAt: new Date((await serverTime()) - HOUR),
        status: 'live',
        period: 'second_half',
        minute: 67,
        homeScore: 2,
        awayScore: 1,
        replayOfMatchId: original!.id,
      })
      .returning();
    await db.insert(matchEvents).values([
      { matchId: match!.id, sequence: 1, kind: 'goal', minute: 12, side: 'home', playerName: '测试前锋甲' },
      { matchId: match!.id, sequence: 2, kind: 'goal', minute: 40, side: 'away', playerName: '测试前锋乙' },
      { matchId: match!.id, sequence: 3, kind: 'goal', minute: 61, side: 'home', playerName: '测试前锋丙' },
    ]);
    await db.insert(matchStatistics).values([
      { matchId: match!.id, kind: 'possession', home: 58, away: 42 },
      { matchId: match!.id, kind: 'corners', home: 6, away: 3 },
    ]);
    const name = (team: typeof home) => team!.names['zh-CN'] ?? team!.sourceName;
    return { matchId: match!.id, home: name(home), away: name(away) };
  });
}

/** A finished broadcast of another football room, with a recording, watched by many. */
async function otherRoomReplay() {
  return withDatabase(async (db) => {
    const [anchor] = await db
      .insert(users)
      .values({
        mobile: `172${String(stamp).padStart(8, '0')}`,
        nickname: `推荐主播${stamp}`,
        isAnchor: true,
      })
      .returning();
    const [room] = await db
      .insert(liveRooms)
      .values({ anchorId: anchor!.id, title: '推荐直播间', category: 'football' })
      .returning();
    const [broadcast] = await db
      .insert(broadcasts)
      .values({
        roomId: room!.id,
        title: `精彩回放 ${stamp}`,
        category: 'football',
        startedAt: new Date((await serverTime()) - 3 * HOUR),
        endedAt: new Date((await serverTime()) - HOUR),
        replayPath: `${room!.id}/999/vod/index.m3u8`,
        peakViewers: 50_000,
      })
      .returning();
    return { anchorId: anchor!.id, roomId: room!.id, broadcastId: broadcast!.id, title: broadcast!.title };
  });
}

test('an anchor binds the room to a live replay; the room shows it, previews and recommended videos', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const match = await liveReplay();
  const other = await otherRoomReplay();
  // The live match and the other room are this test's own: other specs' boards must not meet them later.
  cleanups.push(() =>
    withDatabase(async (db) => {
      await db.update(liveRooms).set({ matchId: null }).where(eq(liveRooms.matchId, match.matchId));
      await db.delete(matches).where(eq(matches.id, match.matchId));
      await db.delete(users).where(eq(users.id, other.anchorId));
    }),
  );
  const anchor = await freshUserPage(browser, `赛况主播${stamp}`, { isAnchor: true });
  const center = anchor.page;

  await center.goto('/member?type=9');
  const binding = center.getByTestId('match-binding');
  await expect(binding.getByText('还没有关联赛事')).toBeVisible();
  const roomId = await withDatabase(async (db) => {
    const [room] = await db.select().from(liveRooms).where(eq(liveRooms.anchorId, anchor.user.id));
    return room!.id;
  });

  // Not bound yet: no match situation; no previews; another room's replay is recommended.
  await page.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('room-previews').getByText('主播暂无直播预告')).toBeVisible();
  await expect(page.getByTestId('match-situation')).toHaveCount(0);

  await binding.getByRole('button', { name: '选择赛事' }).click();
  const picker = center.getByRole('dialog', { name: '选择要关联的赛事' });
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox').fill(match.home);
  const row = picker.locator(`[data-testid="bindable-match"][data-id="${match.matchId}"]`);
  await expect(row).toContainText(match.away);
  await expect(row).toContainText('2 - 1');
  await expect(row.getByText(/^重播 /)).toBeVisible();
  await row.getByRole('button', { name: '关联' }).click();
  await expect(picker).toBeHidden();
  const bound = center.getByTestId('bound-match');
  await expect(bound.getByTestId('bindable-home')).toHaveText(match.home);
  await expect(bound.getByTestId('bindable-away')).toHaveText(match.away);
  await expect(bound.getByRole('link', { name: '比赛直播页' })).toHaveAttribute(
    'href',
    `/score-live?id=${match.matchId}`,
  );

  // A reserved live made through the API shows among the room's previews with its book button.
  const startsAt = new Date(Math.ceil(((await serverTime()) + 30 * HOUR) / HOUR) * HOUR);
  const reserved = await center.request.post('/api/Live/setReserveLiveNew', {
    data: { title: `预告 ${stamp}`, starts_at: startsAt.toISOString() },
  });
  expect((await reserved.json()).code).toBe(0);

  await page.goto(`/live?id=${roomId}`);
  const situation = page.getByTestId('match-situation');
  await expect(situation.getByTestId('situation-home')).toHaveText(match.home);
  await expect(situation.getByTestId('situation-away')).toHaveText(match.away);
  await expect(situation.getByTestId('match-score')).toHaveText('2 - 1');
  await expect(situation.getByTestId('match-minute')).toHaveText("67'");
  await expect(situation.getByTestId('situation-replay')).toContainText('重播');
  await expect(situation.getByText('测试前锋丙')).toBeVisible();
  await expect(situation.getByRole('link', { name: '完整数据' })).toHaveAttribute(
    'href',
    `/score-detail?id=${match.matchId}`,
  );
  const preview = page.getByTestId('room-preview').filter({ hasText: `预告 ${stamp}` });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('button', { name: '预约' })).toBeVisible();

  const videos = page.getByTestId('recommended-videos');
  const video = videos.getByTestId('recommended-video').filter({ hasText: other.title });
  await expect(video).toHaveAttribute('href', `/live?id=${other.roomId}&replay=${other.broadcastId}`);
  await expect(video).toContainText(`推荐主播${stamp}`);
  await expect(video).toContainText('2:00:00');

  // /score-live lists the room while it is live.
  await withDatabase((db) => db.update(liveRooms).set({ status: 'live' }).where(eq(liveRooms.id, roomId)));
  try {
    await page.goto(`/score-live?id=${match.matchId}`);
    await expect(page.getByTestId('live-rooms').locator(`a[href="/live?id=${roomId}"]`)).toBeVisible();
  } finally {
    await withDatabase((db) => db.update(liveRooms).set({ status: 'idle' }).where(eq(liveRooms.id, roomId)));
  }

  await page.goto(`/live?id=${roomId}`);
  await page.getByTestId('recommended-video').filter({ hasText: other.title }).click();
  await expect(page).toHaveURL(new RegExp(`/live\\?id=${other.roomId}&replay=${other.broadcastId}$`));
  await expect(page.getByTestId('room-title')).toHaveText('推荐直播间');
  await expect(page.getByTestId('room-state')).toHaveText('回放');

  // Unlinking takes the match situation away.
  await center.getByTestId('match-binding').getByRole('button', { name: '解除关联' }).click();
  await expect(center.getByTestId('match-binding').getByText('还没有关联赛事')).toBeVisible();
  await page.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('room-title')).toBeVisible();
  await expect(page.getByTestId('match-situation')).toHaveCount(0);
  await center.context().close();
});
