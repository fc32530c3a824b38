// A year of data at demo speed (issue #45), `npm run seed:year`: an embedded PostgreSQL under
// .data/bench-year (YEAR_PG_PORT, default 55440) holds two databases, `portal` with the demo data and
// `year`, a copy of it filled to a busy year's volume times YEAR_SCALE (1: 1 M users, 3.3 M gift sends,
// …; bench/year-fill.ts). Then the reads of the table are timed on both through the API app
// in-process (the signed-in pages' task dot through `claimableCount`, the call components/layout/user-area
// makes on every signed-in page), 4 at a time (YEAR_CONCURRENCY), YEAR_ROUNDS each; printed as
// p50/p95 per read with the year / demo ratio of the p95s, written to bench/results/year.json.
// YEAR_REUSE=1 keeps the databases a previous run filled (migrations are applied to them first, so a
// new migration's backfill is timed on the year's rows). YEAR_FILL_ONLY=1 stops after the fill;
// YEAR_CHECK=1 runs the ledger's proof (lib/wallet/check.ts) on the filled year. YEAR_PAGES=1 (after `next
// build`) also times the signed-in pages over HTTP: a production portal (`server.ts`, no jobs) on each
// database in turn, the busy fan's pages YEAR_ROUNDS times each, 4 at a time.
import fs from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import { createDb, type Db, runMigrations } from '@/lib/db';
import { bootDatabase, createDatabaseIfMissing } from '@/lib/db/bootstrap';
import { seedDemoData } from '@/lib/seed';
import { createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { claimableCount } from '@/lib/tasks/service';
import { checkLedger } from '@/lib/wallet/check';
import { startBenchPortal, waitFor } from './portal-process';
import { BUSY_MOBILE, checkpointYear, fillYear, scaled } from './year-fill';

const DATA_DIR = '.data/bench-year';
const SCALE = Number(process.env.YEAR_SCALE ?? '0.1');
const PORT = Number(process.env.YEAR_PG_PORT ?? '55440');
const CONCURRENCY = Number(process.env.YEAR_CONCURRENCY ?? '4');
const ROUNDS = Number(process.env.YEAR_ROUNDS ?? '40');
const REUSE = process.env.YEAR_REUSE === '1';

/** busy: the year's busy fan (the demo's fan on the demo data); fan: the demo's fan on both. */
type Who = 'busy' | 'fan' | 'operator' | 'guest';
type Read = { name: string; who: Who; path?: string };

/** The reads of the table. */
export const YEAR_READS: Read[] = [
  { name: 'task dot (every signed-in page)', who: 'busy' },
  { name: 'wallet records (3 months)', who: 'busy', path: '/api/Order/getList?type=all&page=1&size=20' },
  { name: 'gift ranking, month', who: 'guest', path: '/api/Gift/contributionRank?type=month' },
  { name: 'gift ranking, total', who: 'guest', path: '/api/Gift/contributionRank?type=total' },
  { name: 'news list, page 1', who: 'guest', path: '/api/Portal_post/getList2?page=1' },
  { name: 'community "new"', who: 'guest', path: '/api/circle/postList?sort=new&page=1' },
  { name: 'PM conversation list', who: 'busy', path: '/api/im/conversations' },
  // The same person's list on both: what the year's tables alone cost (the busy fan lists 20 of 100).
  { name: 'PM list, the same fan', who: 'fan', path: '/api/im/conversations' },
  { name: 'audit list', who: 'operator', path: '/api/admin/audit/list?page=1' },
];

/** The signed-in pages of the table, over HTTP (`/live` gets the room with the most chat). */
const YEAR_PAGES = ['/main', '/football', '/news', '/live', '/anchor', '/member'];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

/** Times every read on one database: ROUNDS calls each, CONCURRENCY at a time. */
async function measure(db: Db, busyMobile: string) {
  const app = createApiApp({ db: () => db });
  const SESSION_AT = new Date('2099-01-01T00:00:00.000Z');
  const userId = async (mobile: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)))[0]!.id;
  const busyId = await userId(busyMobile);
  const operatorId = await userId('13800000003');
  const tokens: Record<Who, string | undefined> = {
    busy: (await createSession(db, busyId, SESSION_AT)).token,
    fan: (await createSession(db, await userId('13800000001'), SESSION_AT)).token,
    operator: (await createSession(db, operatorId, SESSION_AT)).token,
    guest: undefined,
  };
  const results: Record<string, { p50: number; p95: number }> = {};
  for (const read of YEAR_READS) {
    results[read.name] = await timeCalls(async () => {
      if (!read.path) await claimableCount(db, busyId, new Date());
      else {
        const token = tokens[read.who];
        const response = await app.request(read.path, { headers: token ? { token } : {} });
        const body = (await response.json()) as { code: number };
        if (body.code !== 0) throw new Error(`${read.path}: ${JSON.stringify(body).slice(0, 300)}`);
      }
    });
  }
  return results;
}

/** Runs `once` YEAR_ROUNDS times, CONCURRENCY at a time (after 3 unmeasured calls): p50 and p95 in ms. */
async function timeCalls(once: () => Promise<void>) {
  for (let i = 0; i < 3; i++) await once();
  const latencies: number[] = [];
  let left = ROUNDS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1;
        const begin = performance.now();
        await once();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) };
}

/** Each page of YEAR_PAGES as the busy fan (`busyMobile`), from a production portal on `url`. */
async function measurePages(db: Db, url: string, busyMobile: string) {
  const port = 3000 + (PORT % 1000);
  const base = `http://127.0.0.1:${port}`;
  // The previous database's portal has let the port go.
  await waitFor(async () => !(await fetch(`${base}/api/health`).catch(() => null)), 30_000, 'a free port');
  const portal = await startBenchPortal({
    port,
    pgPort: PORT,
    dataDir: `${DATA_DIR}/portal`,
    databaseUrl: url,
    env: { ROLES: 'web,realtime', MOBILE_REDIRECT: 'off' },
  });
  try {
    const [busy] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, busyMobile));
    const token = (await createSession(db, busy!.id, new Date('2099-01-01T00:00:00.000Z'))).token;
    const room = await db.execute<{ id: number }>(sql`select coalesce(
        (select channel_id from chat_messages where channel_kind = 'live'
         group by channel_id order by count(*) desc limit 1),
        (select min(id) from live_rooms)) as id`);
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const page of YEAR_PAGES) {
      const path = page === '/live' ? `/live?id=${room.rows[0]!.id}` : page;
      results[page] = await timeCalls(async () => {
        const response = await fetch(`${base}${path}`, { headers: { cookie: `token=${token}` } });
        await response.text();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      });
    }
    return results;
  } finally {
    await portal.stop();
  }
}

async function main() {
  if (!REUSE) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const server = await bootDatabase({ DATA_DIR, EMBEDDED_PG_PORT: PORT, DATABASE_URL: undefined }, () => {});
  const adminUrl = server.url.replace(/\/portal$/, '/postgres');
  const yearUrl = server.url.replace(/\/portal$/, '/year');
  const counts = scaled(SCALE);
  try {
    const demo = createDb(server.url, CONCURRENCY + 2);
    await runMigrations(demo.db);
    const seeded = await demo.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    if (seeded.rows[0]!.n === 0) {
      await seedDemoData(demo.db);
      await demo.db.execute(sql`analyze`);
    }
    const yearExists = await demo.db.execute(sql`select 1 from pg_database where datname = 'year'`);
    await demo.pool.end();
    let fillSeconds: number | null = null;
    if (!yearExists.rows.length) {
      await createDatabaseIfMissing(adminUrl, 'year', 'portal');
      const year = createDb(yearUrl, 1);
      const started = performance.now();
      console.log(`filling the year at scale ${SCALE}:`, counts);
      await fillYear(year.db, counts, new Date(), console.log, { replica: true });
      fillSeconds = (performance.now() - started) / 1000;
      console.log(`filled in ${fillSeconds.toFixed(0)} s`);
      if (process.env.YEAR_CHECK === '1') {
        const report = await checkLedger(year.db, HOLDINGS);
        console.log(`ledger check: ${report.ok ? 'ok' : report.problems.slice(0, 5).join('; ')}`, {
          operations: report.operations,
          transfers: report.transfers,
        });
        if (!report.ok) throw new Error('the filled ledger does not balance');
      }
      await year.pool.end();
    }
    if (process.env.YEAR_FILL_ONLY === '1') return;

    const demoDb = createDb(server.url, CONCURRENCY + 2);
    const yearDb = createDb(yearUrl, CONCURRENCY + 2);
    let started = performance.now();
    await runMigrations(yearDb.db);
    const migrateSeconds = (performance.now() - started) / 1000;
    await checkpointYear(yearDb.db);
    console.log(`migrations on the year: ${migrateSeconds.toFixed(1)} s`);
    started = performance.now();
    const demoResults = await measure(demoDb.db, '13800000001');
    const yearResults = await measure(yearDb.db, BUSY_MOBILE);
    console.log(`measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const pages =
      process.env.YEAR_PAGES === '1'
        ? {
            demo: await measurePages(demoDb.db, server.url, '13800000001'),
            year: await measurePages(yearDb.db, yearUrl, BUSY_MOBILE),
          }
        : null;
    await demoDb.pool.end();
    await yearDb.pool.end();

    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      `\nYEAR_SCALE=${SCALE}, concurrency ${CONCURRENCY}, ${ROUNDS} calls per read, load average ${load.join(' ')}`,
    );
    console.log('read'.padEnd(34), 'demo p50/p95'.padStart(14), 'year p50/p95'.padStart(16), '  p95 ratio');
    for (const read of YEAR_READS) {
      const d = demoResults[read.name]!;
      const y = yearResults[read.name]!;
      console.log(
        read.name.padEnd(34),
        `${d.p50.toFixed(0)}/${d.p95.toFixed(0)}`.padStart(14),
        `${y.p50.toFixed(0)}/${y.p95.toFixed(0)}`.padStart(16),
        `  ${(y.p95 / d.p95).toFixed(1)}×`,
      );
    }
    for (const page of pages ? YEAR_PAGES : []) {
      const d = pages!.demo[page]!;
      const y = pages!.year[page]!;
      console.log(
        `page ${page}`.padEnd(34),
        `${d.p50.toFixed(0)}/${d.p95.toFixed(0)}`.padStart(14),
        `${y.p50.toFixed(0)}/${y.p95.toFixed(0)}`.padStart(16),
        `  ${(y.p95 / d.p95).toFixed(1)}×`,
      );
    }
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/year.json',
      `${JSON.stringify({ scale: SCALE, counts, fillSeconds, migrateSeconds, load, demo: demoResults, year: yearResults, pages }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
