// Every staff write of the route table leaves one audit entry when it succeeds and none when it is refused,
// called as an operator with a sample input. The routes come from the table, so a new route is called by
// itself (with `{}` until a sample is added here: then only its refusal is proven, and it is named in the
// output); the routes listed in MUST_SUCCEED prove the entry on success.
import { gt, sql } from 'drizzle-orm';
import { routeTable } from '@/lib/api/route';
import { ensureRoom } from '@/lib/live/service';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { auditLog } from './schema';

let testDb: TestDb;
const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

type Fixtures = { roomId: number; personId: number; wordId: () => Promise<number> };
const text = { 'zh-CN': '审计', en: 'Audit' };

/** A sample input per staff write (a function when it needs the fixtures). */
const SAMPLES: Record<string, object | ((fixtures: Fixtures) => Promise<object> | object)> = {
  '/api/admin/sensitiveWords/add': { words: ['审计样本词'] },
  '/api/admin/sensitiveWords/delete': async ({ wordId }) => ({ id: await wordId() }),
  '/api/admin/circle/settings': { review: true },
  '/api/admin/horn/settings': { review: true },
  '/api/admin/live/seal': ({ roomId }) => ({ room_id: roomId, reason: 'audit sample', hours: 1 }),
  '/api/admin/live/unseal': ({ roomId }) => ({ room_id: roomId }),
  '/api/admin/popup/save': { title: text, body: text },
  '/api/admin/promo/save': { kind: 'banner', title: text, imageUrl: '/uploads/banner.png' },
  '/api/admin/staff/grant': ({ personId }) => ({
    user_id: personId,
    role: 'moderator',
    reason_code: 'new_duty',
  }),
  '/api/admin/settings/save': { productName: '审计直播' },
  // Refused here for want of a pending item (their own tests decide real ones): nothing is written.
  '/api/admin/goods/exchangeStatus': { id: 2_000_000_000, status: 'shipped' },
  '/api/admin/popup/delete': { id: 2_000_000_000 },
  '/api/admin/promo/delete': { id: 2_000_000_000 },
  '/api/admin/news/delete': { id: 2_000_000_000 },
  '/api/admin/gifts/grant': ({ personId }) => ({ user_id: personId, gift_id: 2_000_000_000, quantity: 1 }),
  // The review queue's decisions (lib/review): one missing item alone is the call's refusal.
  ...Object.fromEntries(
    routeTable(app)
      .filter((route) => /^\/api\/admin\/review\/\w+\/decide$/.test(route.path))
      .map((route) => [
        route.path,
        { ids: [2_000_000_000], approve: true, reason_code: 'other', reason: 'audit sample' },
      ]),
  ),
};

const MUST_SUCCEED = [
  '/api/admin/sensitiveWords/add',
  '/api/admin/sensitiveWords/delete',
  '/api/admin/circle/settings',
  '/api/admin/horn/settings',
  '/api/admin/live/seal',
  '/api/admin/live/unseal',
  '/api/admin/popup/save',
  '/api/admin/staff/grant',
  '/api/admin/settings/save',
];

it('writes one entry for each staff write that succeeds and none for one refused', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  await ensureRoom(testDb.db, anchor.id);
  const [room] = (
    await testDb.db.execute<{ id: number }>(sql`select id from live_rooms where anchor_id = ${anchor.id}`)
  ).rows;
  const fixtures: Fixtures = {
    roomId: Number(room!.id),
    personId: (await makeUser(testDb.db)).id,
    wordId: async () => {
      const listed = await call<{ list: { id: number }[] }>(
        '/api/admin/sensitiveWords/list?search=审计样本词',
        {
          headers: { token: operator.token },
        },
      );
      return listed.body.data.list[0]!.id;
    },
  };
  const writes = routeTable(app).filter((route) => route.staff && route.effect === 'write');
  // Samples that need an earlier one's result (unseal after seal, delete after add) come after it.
  const order = Object.keys(SAMPLES);
  writes.sort((a, b) => (order.indexOf(a.path) + 1 || 1e3) - (order.indexOf(b.path) + 1 || 1e3));

  const wrong: string[] = [];
  const succeeded: string[] = [];
  const withoutSample: string[] = [];
  for (const route of writes) {
    const sample = SAMPLES[route.path];
    if (!sample) withoutSample.push(route.path);
    const input = typeof sample === 'function' ? await sample(fixtures) : (sample ?? {});
    const [{ last }] = (
      await testDb.db.execute<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from audit_log`)
    ).rows as [{ last: number }];
    const method = route.methods.includes('post') ? 'POST' : 'GET';
    const answer = await call(
      method === 'GET' ? `${route.path}?${new URLSearchParams(input as Record<string, string>)}` : route.path,
      {
        method,
        headers: { token: operator.token, lang: 'en' },
        ...(method === 'POST' ? { json: input } : {}),
      },
    );
    const entries = await testDb.db.select().from(auditLog).where(gt(auditLog.id, last));
    const ok = answer.body.code === 0;
    if (ok) succeeded.push(route.path);
    const expected = ok ? [{ action: route.path, actorId: operator.user.id }] : [];
    const found = entries.map((entry) => ({ action: entry.action, actorId: entry.actorId }));
    if (JSON.stringify(found) !== JSON.stringify(expected))
      wrong.push(`${route.path} (${ok ? 'succeeded' : answer.body.msg}): ${JSON.stringify(found)}`);
  }
  if (withoutSample.length)
    console.info(`staff writes checked on refusal only (no sample): ${withoutSample.join(', ')}`);
  expect(wrong).toEqual([]);
  expect(MUST_SUCCEED.filter((path) => !succeeded.includes(path))).toEqual([]);
  expect(writes.length).toBeGreaterThanOrEqual(Object.keys(SAMPLES).length);
  // The chain they form verifies (lib/audit/service.test.ts proves a changed row breaks it).
  const [{ forks }] = (
    await testDb.db.execute<{ forks: number }>(
      sql`select count(*)::int as forks from (select prev_hash from audit_log group by prev_hash having count(*) > 1) f`,
    )
  ).rows as [{ forks: number }];
  expect(forks).toBe(0);
});
