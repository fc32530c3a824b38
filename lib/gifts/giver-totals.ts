// Gift rankings from the rollup `gift_giver_totals` (issue #45): every send raises its sender's row of
// each window (the UTC+8 day, week and month it falls in, and the total), for its room and for every
// room (room 0), in the statement that writes the send; a ranking is then the top rows of one index.
import { type SQL, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import type { DbOrTx } from '@/lib/db';
import { RANK_WINDOWS, type RankWindow, rankWindowStart } from '@/lib/live/reservations';

/** The rows' start of a `total`: the epoch. */
export const TOTAL_START = new Date(0);

/**
 * The start of `at`'s window in SQL, as `rankWindowStart` computes it: UTC+8 days, weeks from Monday,
 * months. Used by the upsert and by the migration's backfill (drizzle/0043_year_indexes.sql).
 */
const windowStart = (at: SQL, unit: 'day' | 'week' | 'month') =>
  sql`((date_trunc(${sql.raw(`'${unit}'`)}, (${at} at time zone 'UTC') + interval '8 hours') - interval '8 hours') at time zone 'UTC')`;

/**
 * A statement part (a CTE body) raising the rollup by `source`, a query of (room_id, sender_id, value,
 * at) rows: one row per send. Rows are summed per key first, so a batch with two sends of one key is one
 * update, and written in key order: two batches raising the same rows lock them in the same order, and a
 * large fill appends to the key's index instead of inserting at random places in it.
 */
export const giverTotalsUpsert = (source: SQL, windows: readonly RankWindow[] = RANK_WINDOWS) => sql`
  insert into gift_giver_totals (room_id, period, starts_at, sender_id, value)
  select r.room_id, w.period, w.starts_at, s.sender_id, sum(s.value)
  from (${source}) as s(room_id, sender_id, value, at)
  cross join lateral (values
    ('day', ${windowStart(sql`s.at`, 'day')}),
    ('week', ${windowStart(sql`s.at`, 'week')}),
    ('month', ${windowStart(sql`s.at`, 'month')}),
    ('total', 'epoch'::timestamptz)) as w(period, starts_at)
  cross join lateral (values (s.room_id), (0)) as r(room_id)
  ${
    windows.length === RANK_WINDOWS.length
      ? sql``
      : sql`where w.period in (${sql.join(
          windows.map((window) => sql`${window}`),
          sql`, `,
        )})`
  }
  group by 1, 2, 3, 4
  order by 1, 2, 3, 4
  on conflict (room_id, period, starts_at, sender_id)
  do update set value = gift_giver_totals.value + excluded.value`;

/** The biggest givers of a window, to one room or to every room; ties by user id, like the sums were. */
export async function topGivers(
  db: DbOrTx,
  scope: { roomId?: number; window: RankWindow; now: Date; limit: number },
) {
  const start = rankWindowStart(scope.window, scope.now) ?? TOTAL_START;
  const { rows } = await db.execute<{ id: number; nickname: string; avatar: string; value: number }>(sql`
    select u.id, u.nickname, u.avatar, t.value::int as value
    from gift_giver_totals t join users u on u.id = t.sender_id
    where t.room_id = ${scope.roomId ?? 0} and t.period = ${scope.window} and t.starts_at = ${start.toISOString()}
    order by t.value desc nulls last, t.sender_id
    limit ${scope.limit}`);
  return rows.map((row) => ({
    user_id: row.id,
    nickname: row.nickname,
    avatar: avatarOf(row),
    value: row.value,
  }));
}

/**
 * Deletes the rows of days, weeks and months before the current ones: rankings read only the current
 * window (`topGivers`), so without this the rollup would keep about eight rows per send for ever. Up to
 * `batches` statements of `batchRows` rows, each one range of the key's index per room and window (the
 * rooms and room 0), so a tick costs what it deletes, whatever the table holds. Returns how many went.
 */
export async function prunePastWindows(
  db: DbOrTx,
  now: Date,
  { batches = 10, batchRows = 10_000 }: { batches?: number; batchRows?: number } = {},
) {
  const windows = sql.join(
    (['day', 'week', 'month'] as const).map(
      (window) => sql`(${window}, ${rankWindowStart(window, now)!.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  let deleted = 0;
  for (let batch = 0; batch < batches; batch++) {
    const { rowCount } = await db.execute(sql`
      delete from gift_giver_totals where ctid = any(array(
        select t.ctid
        from (select id from live_rooms union all select 0) as r(id)
        cross join (values ${windows}) as w(period, starts_at)
        cross join lateral (
          select g.ctid from gift_giver_totals g
          where g.room_id = r.id and g.period = w.period and g.starts_at < w.starts_at
          limit ${batchRows}
        ) as t
        limit ${batchRows}))`);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batchRows) break;
  }
  return { deleted };
}
