// No spoilers (issue 11 item 9) with a real stream: Debian's ffmpeg pushes to a room bound to a live
// match, a guest watches it on HLS, and a goal of that match arrives over the page's socket. The goal
// pop-up and the goal line in chat wait for the anchor's feed delay plus how far the HLS player runs
// behind the live edge; a goal of another match, pushed at the same moment, shows first.
// Durations are measured inside the page (performance.now between the push and the pop-up's node).
import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { pushTestPattern, UNTIL_STOPPED_S } from '@/lib/media/test-pattern';
import { matches, teams } from '@/lib/scores/schema';
import { E2E_RTMP_PORT } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect as baseExpect, test } from './fixtures';
import { tapSocket } from './socket-tap';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FEED_DELAY_SECONDS = 5;
/** The HLS player is behind the live edge by at least the segment being written (2 s here). */
const HLS_AT_LEAST_SECONDS = 2;
const expect = baseExpect.configure({ timeout: 30_000 });
const pushes: ChildProcess[] = [];
/** The live matches this file made up, removed afterwards so a reused database keeps only real ones live. */
const boundMatches: number[] = [];

test.afterAll(async () => {
  for (const child of pushes) if (child.exitCode === null) child.kill('SIGKILL');
  if (boundMatches.length === 0) return;
  await withDatabase(async (db) => {
    await db.update(liveRooms).set({ matchId: null }).where(inArray(liveRooms.matchId, boundMatches));
    await db.delete(matches).where(inArray(matches.id, boundMatches));
  });
});

/** A live replay of a recorded match, bound to the room. */
async function bindLiveMatch(roomId: number) {
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
        externalId: `no-spoilers-${randomInt(1e9)}`,
        round: original!.round,
        homeTeamId: original!.homeTeamId,
        awayTeamId: original!.awayTeamId,
        // A match live for the portal kicked off an hour before its clock's now.
        kickoffAt: new Date((await serverNow()).getTime() - 3600_000),
        status: 'live',
        period: 'second_half',
        minute: 76,
        homeScore: 1,
        awayScore: 0,
        replayOfMatchId: original!.id,
      })
      .returning();
    boundMatches.push(match!.id);
    await db.update(liveRooms).set({ matchId: match!.id }).where(eq(liveRooms.id, roomId));
    const name = (team: typeof home) => team!.names['zh-CN'] ?? team!.sourceName;
    return { matchId: match!.id, home: name(home), away: name(away) };
  });
}

test('a bound match’s goal reaches an HLS viewer when their video shows it, not when the feed does', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const anchor = await freshUserPage(browser, `不剧透主播${randomInt(1e6)}`, { isAnchor: true });
  const key = await anchor.page.request.post('/api/live/rotateStreamKey');
  const { data } = (await key.json()) as { data: { room_id: number; stream_key: string } };
  const roomId = data.room_id;
  const match = await bindLiveMatch(roomId);
  const settings = await anchor.page.request.post('/api/chat/setRoomSettings', {
    data: { feed_delay_seconds: FEED_DELAY_SECONDS },
  });
  expect((await settings.json()).data.feed_delay_seconds).toBe(FEED_DELAY_SECONDS);

  // Killed after the tests.
  const started = pushTestPattern(FFMPEG, `rtmp://127.0.0.1:${E2E_RTMP_PORT}/live/${data.stream_key}`, {
    seconds: UNTIL_STOPPED_S,
  });
  pushes.push(started.child);

  // The viewer, a guest, watches on HLS (标准).
  const socket = await tapSocket(page);
  await page.goto(`/live?id=${roomId}`);
  await expect(page.getByTestId('room-state')).toHaveAttribute('data-state', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('match-situation')).toBeVisible();
  await page.getByRole('button', { name: '标准', exact: true }).click();
  await expect(page.getByTestId('player')).toHaveAttribute('data-mode', 'hls');
  const video = page.locator('[data-testid="stage"] video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(1);
  await expect(page.getByTestId('room-chat')).toBeVisible();

  // Every pop-up's arrival, timed in the page.
  await page.evaluate(() => {
    const shown: { text: string; at: number }[] = [];
    (window as unknown as { shown: typeof shown }).shown = shown;
    new MutationObserver(() => {
      for (const popup of document.querySelectorAll<HTMLElement>('[data-testid="goal-popup"]')) {
        if (popup.dataset.seen) continue;
        popup.dataset.seen = '1';
        shown.push({ text: popup.textContent ?? '', at: performance.now() });
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  const goal = (matchId: number, minute: string) => ({
    type: 'goal',
    data: {
      match_id: matchId,
      iszhu: 1,
      match_str: minute,
      home_team_name_zh: match.home,
      away_team_name_zh: match.away,
      home_score: 2,
      away_score: 0,
      source: 'replay',
    },
  });
  // The bound match's goal and, at the same moment, one of a match this room does not show.
  await socket.push(goal(match.matchId, "77'"), goal(999_777, "33'"));
  const pushedAt = await page.evaluate(() => performance.now());

  const popups = page.getByTestId('goal-popup');
  await expect(popups.filter({ hasText: "33'" })).toBeVisible();
  // The other match's goal is up; the bound one is still held.
  await expect(popups.filter({ hasText: "77'" })).toHaveCount(0);
  await expect(page.getByTestId('room-chat').getByTestId('chat-notice-goal')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/no-spoilers-held.png' });

  await expect(popups.filter({ hasText: "77'" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('room-chat').getByTestId('chat-notice-goal')).toContainText("77'");
  await page.screenshot({ path: 'test-results/no-spoilers-shown.png' });
  const shown = await page.evaluate(
    () => (window as unknown as { shown: { text: string; at: number }[] }).shown,
  );
  const bound = shown.find((entry) => entry.text.includes("77'"))!;
  const other = shown.find((entry) => entry.text.includes("33'"))!;
  const heldMs = bound.at - pushedAt;
  console.log(
    `no spoilers: the bound goal showed ${Math.round(heldMs)} ms after the push (other match: ${Math.round(other.at - pushedAt)} ms)`,
  );
  // At least the anchor's feed delay plus the HLS player's distance behind the live edge.
  expect(heldMs).toBeGreaterThanOrEqual((FEED_DELAY_SECONDS + HLS_AT_LEAST_SECONDS) * 1000);
  expect(other.at).toBeLessThan(bound.at);

  started.child.kill('SIGINT');
  await started.exited;
  await anchor.page.context().close();
});
