// Fixtures always ahead (issue 43): whatever the clock says, one feeds tick leaves at least three
// football replays and three basketball games not started within the next three days — what experts
// publish on, anchors bind and the schedules list — each labelled as the replay it is.
import path from 'node:path';
import { and, eq, gt, lte } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { replayFixturesAhead, replaySchedule } from '@/lib/feeds/replay/replay';
import { competitions, matches, seasons } from '@/lib/scores/schema';
import { CLOCK_EDGES, IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { createFeedsTicker, loadRecordedMatches } from './feeds';

let template: TestDb;
let recorded: Awaited<ReturnType<typeof loadRecordedMatches>>;
beforeAll(async () => {
  template = await createTestDb();
  await importOpenfootball(template.db, path.join(defaultOpenfootballDir(), 'worldcup-2022'), IMPORTED_AT);
  recorded = await loadRecordedMatches(template.db);
  await template.release();
}, 60_000);
afterAll(() => template.close());

const DAY_MS = 86_400_000;

describe.each(CLOCK_EDGES)('at %s', (_name, now) => {
  it.each([1, 15])(
    'announces three days of fixtures per sport at speed %d',
    async (speed) => {
      const testDb = await createTestDb({ template: template.name });
      try {
        const tick = createFeedsTicker({ speed, publish: () => {} });
        await tick(testDb.db, now);
        const ahead = (sport: 'football' | 'basketball') =>
          testDb.db
            .select({ source: matches.source, replayOfMatchId: matches.replayOfMatchId })
            .from(matches)
            .innerJoin(seasons, eq(seasons.id, matches.seasonId))
            .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
            .where(
              and(
                eq(competitions.sport, sport),
                eq(matches.status, 'not_started'),
                gt(matches.kickoffAt, now),
                lte(matches.kickoffAt, new Date(now.getTime() + 3 * DAY_MS)),
              ),
            );
        const football = await ahead('football');
        expect(football.length).toBeGreaterThanOrEqual(3);
        // Replays of real matches, never new "real" fixtures: each points at the match it plays again.
        expect(football.every((row) => row.source === 'replay' && row.replayOfMatchId !== null)).toBe(true);
        const basketball = await ahead('basketball');
        expect(basketball.length).toBeGreaterThanOrEqual(3);
        expect(basketball.every((row) => row.source === 'simulated')).toBe(true);
      } finally {
        await testDb.close();
      }
    },
    60_000,
  );
});

it('announces the very replay the programme plays when its kick-off comes close', async () => {
  const [, now] = CLOCK_EDGES[0]!;
  for (const fixture of replayFixturesAhead(recorded, now, 1)) {
    // Ninety minutes before kick-off the slot is in the programme's two-hour lookahead.
    const later = new Date(fixture.kickoffAt.getTime() - 90 * 60_000);
    const slot = replaySchedule(recorded, later, 1).find(
      (entry) => entry.kickoffAt.getTime() === fixture.kickoffAt.getTime(),
    );
    expect(slot?.match.externalId).toBe(fixture.match.externalId);
  }
});
