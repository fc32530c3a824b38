// The rankings' rollup keeps only what rankings read: the hourly prune deletes past days, weeks and months
// (in bounded batches) and leaves the current windows and the totals, so every ranking reads the same.
import { sql } from 'drizzle-orm';
import { ensureRoom } from '@/lib/live/service';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { giverTotalsUpsert, prunePastWindows, topGivers } from './giver-totals';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

/** Wednesday 2026-03-18, noon in the portal's home zone (UTC+8). */
const NOW = new Date('2026-03-18T04:00:00.000Z');

it('deletes past days, weeks and months in batches and keeps every ranking as it was', async () => {
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  const fan = await makeUser(testDb.db);
  const room = await ensureRoom(testDb.db, anchor.id);
  const sends = [
    [10, '2026-03-18T03:00:00Z'], // today
    [20, '2026-03-16T20:00:00Z'], // yesterday at home, this week
    [40, '2026-03-05T00:00:00Z'], // an earlier week of this month
    [80, '2026-02-10T00:00:00Z'], // last month
  ] as const;
  const source = sql.join(
    sends.map(
      ([value, at]) => sql`select ${room.id}::int, ${fan.id}::int, ${value}::bigint, ${at}::timestamptz`,
    ),
    sql` union all `,
  );
  await testDb.db.execute(giverTotalsUpsert(source));
  const rows = async () =>
    (
      await testDb.db.execute<{ n: number }>(
        sql`select count(*)::int as n from gift_giver_totals where sender_id = ${fan.id}`,
      )
    ).rows[0]!.n;
  const rankings = async () =>
    Promise.all(
      [room.id, undefined].flatMap((roomId) =>
        (['day', 'week', 'month', 'total'] as const).map(async (window) =>
          (await topGivers(testDb.db, { roomId, window, now: NOW, limit: 10 })).map((line) => line.value),
        ),
      ),
    );
  // Per scope (the room and room 0): 4 days, 3 weeks, 2 months and the total; 1 of each is current.
  expect(await rows()).toBe(20);
  const before = await rankings();
  expect(before).toEqual([[10], [30], [70], [150], [10], [30], [70], [150]]);

  expect(await prunePastWindows(testDb.db, NOW, { batches: 1, batchRows: 4 })).toEqual({ deleted: 4 });
  expect(await rows()).toBe(16);
  expect(await prunePastWindows(testDb.db, NOW, { batchRows: 4 })).toEqual({ deleted: 8 });
  expect(await rows()).toBe(8);
  expect(await rankings()).toEqual(before);
  expect(await prunePastWindows(testDb.db, NOW)).toEqual({ deleted: 0 });
});
