// Gift sends per second with the ledger correct (issue #12): every send goes through the API
// (`api/member/handselGift`, in-process: routing, session, validation, ledger transaction, push) on a
// fresh embedded database, with 1 room × 100 senders and 50 rooms × 10 senders, each sender keeping
// one send in flight. Two floors on the same database in the same run, with the same concurrency: a
// bare `UPDATE ... WHERE balance >= amount` loop, and the fair one (issue #32): a send's own writes
// (the covered debit, the anchor's credit, the transfer rows, the send row) as one statement per send.
// `ledger:check` runs after each scenario.
// Prints a table and writes bench/results/gifts.json. BENCH_GIFT_SENDS sets sends per scenario.
// DATABASE_URL / REDIS_URL: on that database (an empty one) instead of a fresh embedded one, and with that
// Redis (gift rankings and rate limits there), like the portal. `npx tsx bench/gifts.ts servers`: the same load
// on the embedded defaults and on Debian's PostgreSQL server + redis-server in one run (bench/gifts-servers.ts).
import fs from 'node:fs';
import inspector from 'node:inspector';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { createDb, runMigrations } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { batchStats } from '@/lib/gifts/group-commit';
import { ensureRoom } from '@/lib/live/service';
import { closeRedis } from '@/lib/redis';
import { createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { checkLedger } from '@/lib/wallet/check';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import type { GiftRates } from './gifts-servers';

const DATA_DIR = '.data/bench-gifts';
const SENDS = Number(process.env.BENCH_GIFT_SENDS ?? 3000);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

async function main() {
  if (process.argv[2] === 'servers') return (await import('./gifts-servers')).compareServers(__filename);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const database = await bootDatabase(
    { DATA_DIR, EMBEDDED_PG_PORT: 0, DATABASE_URL: process.env.DATABASE_URL || undefined },
    () => {},
  );
  // The portal's own pool size (lib/db: 10 connections).
  const { db, pool } = createDb(database.url, 10);
  // pool.end() resolves before its connections have closed; the database stops only once they have.
  let open = 0;
  pool.on('connect', () => open++);
  pool.on('remove', () => open--);
  const results: Record<string, string> = {};
  const rates: GiftRates = {};
  try {
    await runMigrations(db);
    await seedGiftCatalog(db);
    const app = createApiApp({ db: () => db });
    const [gift] = (await db.execute<{ id: number }>(sql`select id from gifts where code = 'rose'`)).rows;
    let made = 0;
    const makeUser = async (isAnchor: boolean) => {
      made += 1;
      const [user] = await db
        .insert(users)
        .values({ mobile: `166${String(made).padStart(8, '0')}`, nickname: `bench${made}`, isAnchor })
        .returning();
      return user!;
    };

    async function scenario(name: string, roomCount: number, sendersPerRoom: number) {
      const rooms = [];
      for (let i = 0; i < roomCount; i++) rooms.push(await ensureRoom(db, (await makeUser(true)).id));
      const senders: { token: string; room: number }[] = [];
      for (const room of rooms)
        for (let i = 0; i < sendersPerRoom; i++) {
          const user = await makeUser(false);
          await runOperation(db, {
            key: `bench:fund:${user.id}`,
            kind: 'reward',
            userId: user.id,
            payload: {},
            now: new Date(),
            prepare: async () => ({ legs: [mintLeg(user.id, 'star', 1_000_000)], result: {} }),
          });
          senders.push({ token: (await createSession(db, user.id, new Date())).token, room: room.id });
        }
      const latencies: number[] = [];
      let next = 0;
      let failed = 0;
      const sampling = sampleWaits(database.url);
      const profiling = await profileCpu(name);
      const batchesBefore = { ...batchStats };
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        senders.map(async (sender, s) => {
          for (;;) {
            const n = next++;
            if (n >= SENDS) return;
            const t0 = performance.now();
            const response = await app.request(
              `/api/member/handselGift?room_id=${sender.room}&gift_id=${gift!.id}&num=1&key=bench-${s}-${n}-send`,
              { headers: { token: sender.token } },
            );
            const body = (await response.json()) as { code: number };
            latencies.push(performance.now() - t0);
            if (body.code !== 0) failed += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      await profiling.stop();
      await sampling.stop(name);
      const report = await checkLedger(db, HOLDINGS);
      const rate = SENDS / seconds;
      const batches = batchStats.batches - batchesBefore.batches;
      results[`${name}: group commit`] =
        `${batches} batches, ${((batchStats.sends - batchesBefore.sends) / batches).toFixed(1)} sends per batch, ` +
        `${((batchStats.ms - batchesBefore.ms) / batches).toFixed(1)} ms per batch`;
      results[`${name}: gift sends/s through the API`] =
        `${rate.toFixed(0)}/s, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, ${failed} failed, ledger:check ${report.ok ? 'OK' : 'FAILED'}, portal process CPU ${((cpu.user + cpu.system) / 1000 / SENDS).toFixed(2)} ms per send`;
      return { rate, senders };
    }

    async function floor(name: string, concurrency: number) {
      await db.execute(
        sql`create table if not exists bench_balances (id int primary key, balance bigint not null check (balance >= 0))`,
      );
      await db.execute(sql`truncate bench_balances`);
      await db.execute(
        sql`insert into bench_balances select g, 1000000000 from generate_series(1, ${concurrency}) g`,
      );
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, s) => {
          for (;;) {
            if (next++ >= SENDS) return;
            const t0 = performance.now();
            await db.execute(
              sql`update bench_balances set balance = balance - 1 where id = ${s + 1} and balance >= 1`,
            );
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const rate = SENDS / ((performance.now() - started) / 1000);
      results[`${name}: floor, bare UPDATE ... WHERE balance >= amount`] =
        `${rate.toFixed(0)}/s, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`;
      return rate;
    }

    /**
     * The fair floor: the writes a send needs, as ONE statement per send (one round trip, autocommit) at
     * the same concurrency through the same pool: debit the sender only if covered, credit the room's
     * anchor, the three transfer rows (star to revenue, yellow and experience minted) and the send row,
     * in copies of the real tables (`like … including all`: same columns, checks and indexes).
     */
    async function fairFloor(name: string, roomCount: number, sendersPerRoom: number) {
      for (const table of ['wallet_accounts', 'wallet_transfers', 'gift_sends']) {
        await db.execute(sql.raw(`drop table if exists fair_${table}`));
        await db.execute(sql.raw(`create table fair_${table} (like ${table} including all)`));
      }
      const senders = roomCount * sendersPerRoom;
      // Accounts 1..senders are the senders' star diamonds; senders+1.. the anchors' yellow; then revenue.
      await db.execute(sql`
        insert into fair_wallet_accounts (id, kind, user_id, shard, currency, balance)
        select g, 'user'::wallet_account_kind, g, 0, 'star'::wallet_currency, 1000000000 from generate_series(1, ${senders}) g
        union all select ${senders} + r, 'user', ${senders} + r, 0, 'yellow', 0 from generate_series(1, ${roomCount}) r`);
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: senders }, async (_, s) => {
          const sender = s + 1;
          const anchor = senders + 1 + Math.floor(s / sendersPerRoom);
          for (;;) {
            const n = next++;
            if (n >= SENDS) return;
            const t0 = performance.now();
            await db.execute(sql`
              with debit as (
                update fair_wallet_accounts set balance = balance - 1 where id = ${sender} and balance >= 1 returning id
              ), credit as (
                update fair_wallet_accounts set balance = balance + 1
                where id = ${anchor} and exists (select from debit) returning id
              ), transfers as (
                insert into fair_wallet_transfers (operation_id, from_account, to_account, currency, amount, created_at)
                select ${n}, f, t, c::wallet_currency, 1, now() from debit,
                  (values (${sender}, 0, 'star'), (0, ${anchor}, 'yellow'), (0, ${sender}, 'exp')) as l(f, t, c)
              ), send as (
                insert into fair_gift_sends (operation_id, room_id, anchor_id, sender_id, gift_id, count, value,
                                             anchor_income, combo, created_at)
                select ${n}, ${anchor}, ${anchor}, ${sender}, 1, 1, 1, 1, 1, now() from debit
              )
              select (select count(*) from debit) + (select count(*) from credit) as moved`);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const rate = SENDS / ((performance.now() - started) / 1000);
      results[`${name}: fair floor, a send's writes in one statement`] =
        `${rate.toFixed(0)}/s, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`;
      return rate;
    }

    const ratios = (name: string, rate: number, bare: number, fair: number) => {
      results[`${name}: ratio to the bare floor`] = `${((rate / bare) * 100).toFixed(1)} %`;
      results[`${name}: ratio to the fair floor`] =
        `${((rate / fair) * 100).toFixed(1)} % (time per send ${(fair / rate).toFixed(2)}× the fair floor's)`;
    };
    const one = await scenario('1 room × 100 senders', 1, 100);
    const oneFloor = await floor('100 concurrent', 100);
    const oneFair = await fairFloor('1 room × 100 senders', 1, 100);
    ratios('1 room × 100 senders', one.rate, oneFloor, oneFair);
    rates['1 room × 100 senders'] = { sends: one.rate, floor: oneFloor, fair: oneFair };
    const many = await scenario('50 rooms × 10 senders', 50, 10);
    const manyFloor = await floor('500 concurrent', 500);
    const manyFair = await fairFloor('50 rooms × 10 senders', 50, 10);
    ratios('50 rooms × 10 senders', many.rate, manyFloor, manyFair);
    rates['50 rooms × 10 senders'] = { sends: many.rate, floor: manyFloor, fair: manyFair };
    report(results, rates);
  } finally {
    await closeRedis();
    await pool.end();
    for (let waited = 0; open > 0 && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await database.stop();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/**
 * BENCH_GIFT_PROFILE=<folder>: a V8 CPU profile of the portal process while one scenario's sends run
 * (node's built-in profiler through node:inspector), written as <folder>/<scenario>.cpuprofile; open it
 * in Chrome DevTools or summarise its self times.
 */
async function profileCpu(name: string) {
  const folder = process.env.BENCH_GIFT_PROFILE;
  if (!folder) return { stop: async () => {} };
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(`${folder}/${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * BENCH_GIFT_WAITS=1: what the database's sessions were doing while the sends ran (pg_stat_activity
 * sampled every 20 ms on its own connection): running, waiting on a row lock, on the WAL flush of a
 * commit, or idle in a transaction (waiting for the portal's next statement).
 */
function sampleWaits(url: string) {
  if (!process.env.BENCH_GIFT_WAITS) return { stop: async (_name: string) => {} };
  const client = new Client({ connectionString: url });
  const counts = new Map<string, number>();
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ what: string; n: string }>(`
        select coalesce(state, '?') || ' ' || coalesce(wait_event_type || ':' || wait_event, 'cpu') as what,
               count(*) as n
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        group by 1`);
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + Number(row.n));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    async stop(name: string) {
      running = false;
      await done;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(`${name}: database sessions by state (share of samples)`);
      for (const [what, n] of [...counts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)} %  ${what}`);
    },
  };
}

/**
 * Prints the table and writes the file before the database stops (a late pool error cannot lose them);
 * run by bench/gifts-servers.ts, hands the figures to it instead of writing the file.
 */
function report(results: Record<string, string>, rates: GiftRates) {
  const width = Math.max(...Object.keys(results).map((key) => key.length));
  for (const [key, value] of Object.entries(results)) console.log(`${key.padEnd(width)}  ${value}`);
  if (process.send) return void process.send({ results, rates });
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(
    'bench/results/gifts.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), sends: SENDS, results }, null, 2)}\n`,
  );
}

main()
  .then(() => process.connected && process.disconnect())
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
