// The year's hot reads keep to their indexes (issue #45). A database filled by bench/year-fill.ts at a
// small scale (30,000 users, 33,000 gift sends and 100,000 transfers, 50,000 chat lines, 50,000 private
// messages in 10,000 conversations, 5,000 audit entries: enough that a sequential scan of a growing table loses to an index),
// then every route below is called through the API app while its statements are recorded, and each
// recorded statement is EXPLAINed with its parameters: a Seq Scan of a table that grows with use fails.
import { sql } from 'drizzle-orm';
import type { Pool, QueryConfig } from 'pg';
import { createSession } from '@/lib/accounts/session';
import { createDb, type Db } from '@/lib/db';
import { createApiApp } from '@/lib/server/api-app';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { BUSY_MOBILE, checkpointYear, fillYear, scaled } from '../../bench/year-fill';

/** Tables that grow with the portal's use (catalogs and settings stay small and may be scanned). */
const GROWING = [
  'users',
  'chat_messages',
  'gift_sends',
  'gift_giver_totals',
  'wallet_operations',
  'wallet_transfers',
  'wallet_accounts',
  'im_messages',
  'im_members',
  'im_conversations',
  'audit_log',
  'posts',
  'post_comments',
  'circle_posts',
  'news_articles',
  'news_translations',
  'follows',
  'search_documents',
  'search_pending',
];

/** The reads of the table that were fixed, with who calls them. */
const ROUTES: { path: string; who: 'busy' | 'operator' | 'guest' }[] = [
  { path: '/api/Activity_Config/user_task_list', who: 'busy' },
  { path: '/api/Order/getList?type=all&page=1&size=20', who: 'busy' },
  { path: '/api/Order/getList?type=expense&page=3&size=20', who: 'busy' },
  { path: '/api/Order/getList?type=recharge&page=1&size=20', who: 'busy' },
  ...['day', 'week', 'month', 'total'].map((type) => ({
    path: `/api/Gift/contributionRank?type=${type}`,
    who: 'guest' as const,
  })),
  { path: '/api/Gift/roomContribution?room_id=ROOM&type=total', who: 'guest' },
  { path: '/api/im/conversations', who: 'busy' },
  { path: '/api/im/conversations?size=4&cursor=CONV', who: 'busy' },
  { path: '/api/im/unread', who: 'busy' },
  { path: '/api/Portal_post/getList2?page=1', who: 'guest' },
  { path: '/api/Portal_post/getList2?page=2&cursor=NEWS', who: 'guest' },
  { path: '/api/circle/postList?sort=new&page=1', who: 'guest' },
  { path: '/api/circle/postList?sort=new&page=2&cursor=POST', who: 'guest' },
  { path: '/api/circle/list', who: 'guest' },
  { path: '/api/admin/audit/list?page=1', who: 'operator' },
];

let testDb: TestDb;
let db: Db;
let pool: Pool;
let recorded: { text: string; values: unknown[] }[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  ({ db, pool } = createDb(testDb.url, 4));
  // The catalogs the fill draws on (the demo's, in a test database that has none).
  await db.execute(sql`
    insert into gifts (code, names, price) values ('year_rose', '{"zh-CN":"玫瑰"}', 1), ('year_rocket', '{"zh-CN":"火箭"}', 100);
    insert into circles (slug, kind, names) values ('general:year', 'general', '{"zh-CN":"综合"}');
    insert into news_categories (slug, names) values ('year', '{"zh-CN":"综合"}');
    insert into users (mobile, nickname, role) values ('13800000003', 'operator', 'operator')`);
  // A hundredth of the year, with more people and conversations and the busy fan in 10 of them (the PM
  // list joins the fan's conversations to them: with a large share, hashing all is rightly cheaper).
  const counts = { ...scaled(0.01), users: 30_000, privateMessages: 50_000, comments: 1000, follows: 1000 };
  await fillYear(db, counts, new Date(), () => {}, {
    busyConversations: 10,
  });
  await checkpointYear(db);
  // Record every statement the routes run (drizzle's queries go through pool.query).
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: string | QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    recorded.push({ text, values: (typeof config === 'string' ? values : config.values) ?? values ?? [] });
    return query(config, values);
  };
}, 120_000);
afterAll(async () => {
  await pool.end();
  await testDb.close();
});

/** Seq Scans of growing tables (or of any table) anywhere in a JSON plan. */
function seqScans(plan: unknown, found: string[] = [], anyTable = false): string[] {
  if (Array.isArray(plan)) for (const item of plan) seqScans(item, found, anyTable);
  else if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    const table = String(node['Relation Name']);
    if (node['Node Type'] === 'Seq Scan' && (anyTable || GROWING.includes(table))) found.push(table);
    for (const value of Object.values(node)) if (typeof value === 'object') seqScans(value, found, anyTable);
  }
  return found;
}

it('reads the hot lists and rankings from indexes on a filled database', async () => {
  const app = createApiApp({ db: () => db });
  const sessionAt = new Date('2099-01-01T00:00:00.000Z');
  const idOf = async (mobile: string) =>
    (await db.execute<{ id: number }>(sql`select id from users where mobile = ${mobile}`)).rows[0]!.id;
  const tokens = {
    busy: (await createSession(db, await idOf(BUSY_MOBILE), sessionAt)).token,
    operator: (await createSession(db, await idOf('13800000003'), sessionAt)).token,
    guest: undefined,
  };
  const room = (await db.execute<{ id: number }>(sql`select room_id as id from gift_sends limit 1`)).rows[0]!
    .id;
  const newest = async (table: string) =>
    (await db.execute<{ id: number }>(sql.raw(`select max(id) as id from ${table}`))).rows[0]!.id;
  // The busy fan's list after its first 4 conversations (its 10 fit one page of 20).
  const conversations = (await (
    await app.request('/api/im/conversations?size=4', { headers: { token: tokens.busy } })
  ).json()) as { data: { cursor: string } };
  const failures: string[] = [];
  for (const route of ROUTES) {
    recorded = [];
    const token = tokens[route.who];
    const path = route.path
      .replace('ROOM', String(room))
      .replace('NEWS', String(await newest("posts where channel = 'news'")))
      .replace('POST', String(await newest("posts where channel = 'circle'")))
      .replace('CONV', conversations.data.cursor);
    const response = await app.request(path, {
      headers: token ? { token } : {},
    });
    const body = (await response.json()) as { code: number };
    expect({ path: route.path, code: body.code }).toEqual({ path: route.path, code: 0 });
    const reads = recorded.filter(({ text }) => /^\s*(select|with)\b/i.test(text));
    expect(reads.length).toBeGreaterThan(0);
    for (const { text, values } of reads) {
      const { rows } = await pool.query(`explain (format json) ${text}`, values);
      const scans = seqScans(rows[0]['QUERY PLAN']);
      if (scans.length)
        failures.push(`${route.path}: Seq Scan on ${scans.join(', ')} in ${text.slice(0, 200)}`);
    }
  }
  expect(failures).toEqual([]);
}, 60_000);

/**
 * Every job's tick (lib/jobs/index.ts) on the filled database: each statement it runs is EXPLAINed with
 * sequential scans priced out (`enable_seqscan = off`), so a Seq Scan left in a plan is one no index can
 * replace — a tick whose cost would grow with its table. The ledger's proof and the backup read
 * everything by design (lib/jobs/ledger-check.ts, lib/jobs/backup.ts) and are left out. Catalogs and
 * settings (a few rows each) may be scanned.
 */
const SMALL = new Set([
  'system_settings',
  'circle_settings',
  'gifts',
  'circles',
  'news_categories',
  'competitions',
  'seasons',
]);
const BY_DESIGN = new Set(['ledger-check', 'scheduled-backup']);

it('runs every job’s tick from indexes, whatever the size of its tables', async () => {
  const { jobs } = await import('@/lib/jobs/index');
  const watched = createDb(testDb.url, 4);
  const statements: { text: string; values: unknown[] }[] = [];
  // Every statement of every connection, transactions' included (they go through client.query).
  watched.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (config: string | QueryConfig, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text === 'string') {
        const values = typeof config !== 'string' && config.values ? config.values : rest[0];
        statements.push({ text, values: Array.isArray(values) ? values : [] });
      }
      return query(config, ...rest);
    };
  });
  const now = new Date('2099-01-01T00:00:00.000Z');
  const tick = { slot: 1, previous: async () => null };
  const failures: string[] = [];
  const explainer = await pool.connect();
  await explainer.query('set enable_seqscan = off');
  try {
    for (const job of jobs.filter((candidate) => !BY_DESIGN.has(candidate.name))) {
      statements.length = 0;
      await job.run(watched.db, now, tick);
      for (const { text, values } of statements) {
        if (!/^\s*(select|with|update|delete|insert)\b/i.test(text)) continue;
        const { rows } = await explainer.query(`explain (format json) ${text}`, values);
        const scans = seqScans(rows[0]['QUERY PLAN'], [], true).filter((table) => !SMALL.has(table));
        if (scans.length)
          failures.push(`${job.name}: Seq Scan on ${scans.join(', ')} in ${text.slice(0, 240)}`);
      }
    }
  } finally {
    explainer.release();
    await watched.pool.end();
  }
  expect(failures).toEqual([]);
}, 120_000);
