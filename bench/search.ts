// Search latency (issue #13): 100,000 searchable rows seeded on a fresh embedded database — 60,000
// streamers and 40,000 live rooms with Chinese, pinyin-able and Latin names —, keyed by the search-index
// job's own code, then 1,000 queries through the API in-process (`api/Search/anchor` and
// `api/Search/live`, alternately): Simplified and Traditional Chinese, full pinyin, pinyin initials and
// Latin text, one to ten characters. Prints p50/p95 and the query plans (EXPLAIN ANALYZE) showing the
// indexes, and writes bench/results/search.json.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { Converter } from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { users } from '@/lib/accounts/schema';
import { createDb, runMigrations } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { liveRooms } from '@/lib/live/schema';
import { indexPendingSearchDocuments } from '@/lib/search/service';
import { createApiApp } from '@/lib/server/api-app';

const DATA_DIR = '.data/bench-search';
const ANCHORS = 60_000;
const ROOMS = 40_000;
const QUERIES = 1_000;

// A deterministic generator (mulberry32), so every run searches the same rows.
let seed = 20261124;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const SURNAMES = Array.from(
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
);
const GIVEN = Array.from(
  '伟芳娜秀敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉玲建国红云飞鑫波宇浩凯健俊帆帅旭宁龙林欣瑶婷雪琳晨阳梅西罗梓涵子轩一诺思远',
);
const WORDS = [
  '解说',
  '直播',
  '看球',
  '足球',
  '篮球',
  '电竞',
  '老司机',
  '球迷',
  '主播',
  '小哥',
  '哥',
  '姐',
  '频道',
  '聊球',
];
const TEAMS = [
  '曼联',
  '曼城',
  '阿森纳',
  '切尔西',
  '利物浦',
  '热刺',
  '皇家马德里',
  '巴塞罗那',
  '拜仁',
  '尤文图斯',
  '国际米兰',
  'AC米兰',
  '巴黎圣日耳曼',
  '湖人',
  '勇士',
  '凯尔特人',
];
const LATIN = [
  'Kickoff',
  'Goal',
  'Striker',
  'Messi',
  'Ronaldo',
  'Hoops',
  'Dunk',
  'Ultra',
  'Pitch',
  'Derby',
  'Fan',
  'Live',
  'Keeper',
  'Volley',
];
const TITLE_WORDS = [
  '高清直播',
  '赛前分析',
  '全场解说',
  '今晚焦点战',
  '一起看球',
  '赛后复盘',
  '技术统计',
  '绝杀时刻',
];

const nickname = () => {
  const kind = random();
  if (kind < 0.6) return pick(SURNAMES) + pick(GIVEN) + (random() < 0.5 ? pick(GIVEN) : '');
  if (kind < 0.85) return pick(WORDS) + pick(SURNAMES) + pick(GIVEN);
  return `${pick(LATIN)}${pick(LATIN)}${Math.floor(random() * 1000)}`;
};
const roomTitle = () =>
  random() < 0.8
    ? `${pick(TEAMS)} 对 ${pick(TEAMS)} ${pick(TITLE_WORDS)}`
    : `${pick(LATIN)} ${pick(TITLE_WORDS)}`;

const toTraditional = Converter({ from: 'cn', to: 'tw' });
const slice = (text: string, min: number, max: number) => {
  const chars = Array.from(text);
  const length = Math.min(chars.length, min + Math.floor(random() * (max - min + 1)));
  const start = Math.floor(random() * (chars.length - length + 1));
  return chars.slice(start, start + length).join('');
};

/** A query someone could type for a name: a piece of it in one of the ways fans type. */
function queryFor(name: string) {
  const han = /\p{Script=Han}/u.test(name);
  const way = random();
  if (!han) return slice(name.toLowerCase(), 3, 8);
  const chinese = Array.from(name)
    .filter((char) => /\p{Script=Han}/u.test(char))
    .join('');
  if (way < 0.35) return slice(chinese, 2, 4);
  if (way < 0.45) return toTraditional(slice(chinese, 2, 4));
  if (way < 0.7) return slice(pinyin(chinese, { toneType: 'none', separator: '' }), 3, 10);
  return slice(pinyin(chinese, { pattern: 'first', toneType: 'none', separator: '' }), 2, 3);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

async function main() {
  // BENCH_SEARCH_REUSE=1 searches the rows a previous run seeded (same generator, same queries).
  const reuse = process.env.BENCH_SEARCH_REUSE === '1' && fs.existsSync(DATA_DIR);
  if (!reuse) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const database = await bootDatabase({ DATA_DIR, EMBEDDED_PG_PORT: 0, DATABASE_URL: undefined }, () => {});
  const { db, pool } = createDb(database.url, 10);
  try {
    await runMigrations(db);
    const names: string[] = [];
    const titles: string[] = [];
    let started = performance.now();
    for (let offset = 0; offset < ANCHORS; offset += 2000) {
      if (reuse) {
        // Draw the same random numbers as the seeding did, so the queries are the same.
        for (let index = offset; index < Math.min(offset + 2000, ANCHORS); index++) names.push(nickname());
        for (let index = offset; index < Math.min(offset + 2000, ROOMS); index++) titles.push(roomTitle());
        continue;
      }
      const batch = Array.from({ length: Math.min(2000, ANCHORS - offset) }, (_, index) => {
        const name = nickname();
        names.push(name);
        return {
          mobile: `15${String(offset + index).padStart(9, '0')}`,
          nickname: name.slice(0, 32),
          isAnchor: true,
        };
      });
      const made = await db.insert(users).values(batch).returning({ id: users.id });
      const rooms = made.slice(0, Math.max(0, Math.min(made.length, ROOMS - offset))).map((user) => {
        const title = roomTitle();
        titles.push(title);
        return { anchorId: user.id, title };
      });
      if (rooms.length) await db.insert(liveRooms).values(rooms);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const keyed = await indexPendingSearchDocuments(db, new Date(), 5000);
    const indexSeconds = (performance.now() - started) / 1000;
    await db.execute(sql`analyze`);
    console.log(
      `seeded ${ANCHORS} streamers + ${ROOMS} rooms in ${seedSeconds.toFixed(1)} s; keyed ${keyed} documents in ${indexSeconds.toFixed(1)} s`,
    );

    const app = createApiApp({ db: () => db });
    const queries = Array.from({ length: QUERIES }, (_, index) =>
      index % 2 === 0
        ? { path: '/api/Search/anchor', name: queryFor(pick(names)) }
        : { path: '/api/Search/live', name: queryFor(pick(titles)) },
    );
    // Warm-up: the first calls pay for module loading and cold caches.
    for (const query of queries.slice(0, 20))
      await app.request(`${query.path}?name=${encodeURIComponent(query.name)}`);
    const latencies: number[] = [];
    let empty = 0;
    for (const query of queries) {
      const begin = performance.now();
      const response = await app.request(`${query.path}?name=${encodeURIComponent(query.name)}`);
      const body = (await response.json()) as { code: number; data: unknown[] };
      latencies.push(performance.now() - begin);
      if (body.code !== 0) throw new Error(`${query.path} ${query.name}: ${JSON.stringify(body)}`);
      if (body.data.length === 0) empty += 1;
    }
    const p50 = quantile(latencies, 0.5);
    const p95 = quantile(latencies, 0.95);
    console.log(
      `\n${QUERIES} queries: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${empty} found nothing`,
    );
    console.log(
      'sample queries:',
      queries
        .slice(0, 12)
        .map((query) => query.name)
        .join(' · '),
    );

    // The plans of the very statements the sources run: the next query on search_documents is
    // captured from the pool and run again under EXPLAIN ANALYZE.
    const plans: Record<string, string> = {};
    const seqScans: string[] = [];
    const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    let captured: { text: string; values: unknown[] } | null = null;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first.text;
      // drizzle's node-postgres session passes the parameters beside a query config object.
      const values = ((typeof first === 'string' ? undefined : first.values) ?? args[1]) as
        | unknown[]
        | undefined;
      if (!captured && text.includes('search_documents')) captured = { text, values: values ?? [] };
      return original(...args);
    };
    for (const [label, query, path] of [
      ['Chinese, streamers (trigram index)', '梅西', '/api/Search/anchor'],
      ['pinyin, live rooms (trigram index)', 'manlian', '/api/Search/live'],
      ['initials, two letters, streamers (grams index)', 'mx', '/api/Search/anchor'],
      ['one letter, live rooms (grams index, unselective)', 'm', '/api/Search/live'],
    ] as const) {
      captured = null;
      await app.request(`${path}?name=${encodeURIComponent(query)}`);
      const statement = captured as { text: string; values: unknown[] } | null;
      if (!statement) throw new Error(`no search statement captured for ${query}`);
      const plan = (await original(
        `explain (analyze, costs off, timing off) ${statement.text}`,
        statement.values,
      )) as {
        rows: { 'QUERY PLAN': string }[];
      };
      plans[label] = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      console.log(`\nEXPLAIN ANALYZE ${label}: ${query}\n${plans[label]}`);
      if (plans[label].includes('Seq Scan')) seqScans.push(label);
    }
    console.log(seqScans.length ? `\nSEQUENTIAL SCANS in: ${seqScans.join('; ')}` : '\nno sequential scan');
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/search.json',
      `${JSON.stringify({ rows: ANCHORS + ROOMS, queries: QUERIES, p50_ms: p50, p95_ms: p95, empty, seqScans, seedSeconds, indexSeconds, plans }, null, 2)}\n`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
