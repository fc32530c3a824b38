// Reads on a replica that lags (issue 14 item 1). The "replica" here is a copy of the primary taken
// before the writes: a standby that has replayed nothing since, the worst lag there is. 'read' routes
// run there, except for a client that has just written, which reads its write from the primary
// (lib/api/route.ts, read-your-writes); the session itself is always looked up on the primary.
import { createSession } from '@/lib/accounts/session';
import { READ_YOUR_WRITES_MS, RECENT_WRITE_COOKIE } from '@/lib/api/route';
import { createDb, type Db } from '@/lib/db';
import { AFTER_PUSH_HEADER } from '@/lib/http/after-push';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

let primary: TestDb;
let replica: TestDb;
let primaryDb: { db: Db; pool: { end: () => Promise<void> } };
let app: ApiApp;
let now = NOON;
let fan: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  primary = await createTestDb();
  fan = await makeSignedInUser(primary.db, { nickname: '旧名字' });
  await primary.release();
  // The replica: the primary as it was here, never replaying what follows.
  replica = await createTestDb({ template: primary.name });
  primaryDb = createDb(primary.url, 3);
  app = createApiApp({ db: () => primaryDb.db, readDb: () => replica.db, clock: () => now });
});
afterAll(async () => {
  await primaryDb.pool.end();
  await replica.close();
  await primary.close();
});

const request = apiCaller(() => app);
const profile = (token: string, cookie?: string) =>
  request<{ user_nickname: string }>('/api/User/getUserInfo', {
    headers: { token, ...(cookie ? { cookie } : {}) },
  });

test('a write followed at once by a read from the same client sees the write; other clients read the replica', async () => {
  const write = await request('/api/member/updateInfo', {
    headers: { token: fan.token },
    json: { user_nickname: '新名字' },
  });
  expect(write.body.code).toBe(0);
  const setCookie = write.headers.get('set-cookie') ?? '';
  expect(setCookie).toContain(`${RECENT_WRITE_COOKIE}=${NOON.getTime() + READ_YOUR_WRITES_MS}`);
  const cookie = setCookie.split(';')[0]!;

  // The same client, at once: from the primary, with its write.
  expect((await profile(fan.token, cookie)).body.data.user_nickname).toBe('新名字');
  // A client that wrote nothing reads the replica, which has not replayed the write (the lag is real).
  expect((await profile(fan.token)).body.data.user_nickname).toBe('旧名字');
  // Once the window has passed, the writer is back on the replica (by then caught up in production).
  now = new Date(NOON.getTime() + READ_YOUR_WRITES_MS + 1);
  expect((await profile(fan.token, cookie)).body.data.user_nickname).toBe('旧名字');
  // A forged far-future mark is not honoured.
  expect(
    (await profile(fan.token, `${RECENT_WRITE_COOKIE}=${now.getTime() + 3_600_000}`)).body.data.user_nickname,
  ).toBe('旧名字');
  now = NOON;
});

test('a read a push prompted is served by the primary, with the write the push announced', async () => {
  // A write, then the push it sends; the client reading because of the push never wrote (no mark).
  await request('/api/member/updateInfo', {
    headers: { token: fan.token },
    json: { user_nickname: '推送后' },
  });
  const read = (headers: Record<string, string>) =>
    request<{ user_nickname: string }>('/api/User/getUserInfo', {
      headers: { token: fan.token, ...headers },
    });
  expect((await read({ [AFTER_PUSH_HEADER]: '1' })).body.data.user_nickname).toBe('推送后');
  // The same read without it: the replica, which has not replayed the write.
  expect((await read({})).body.data.user_nickname).toBe('旧名字');
});

test('a session created after the replica last replayed still signs the client in on a read route', async () => {
  // A fresh sign-in: the session row exists on the primary only.
  const { token } = await createSession(primaryDb.db, fan.user.id, NOON);
  const reply = await profile(token);
  expect(reply.body.code).toBe(0);
  expect(reply.body.data.user_nickname).toBe('旧名字');
});

test('without a replica no mark is set', async () => {
  const single = createApiApp({ db: () => primaryDb.db, clock: () => NOON });
  const response = await single.request('/api/member/updateInfo', {
    method: 'POST',
    headers: { token: fan.token, 'content-type': 'application/json' },
    body: JSON.stringify({ user_nickname: '单库' }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('set-cookie') ?? '').not.toContain(RECENT_WRITE_COOKIE);
});
