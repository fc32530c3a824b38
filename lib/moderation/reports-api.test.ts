// Reports through the API: reasons per language, the report rules, the limit, operators' queue.
import { eq } from 'drizzle-orm';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { uploads } from '@/lib/storage/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { seedReportReasons } from './report-reasons';
import { registerReportTarget } from './report-targets';
import { reportReasons, reports } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let porn: number;
let other: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedReportReasons(testDb.db);
  await seedReportReasons(testDb.db);
  const rows = await testDb.db.select().from(reportReasons);
  porn = rows.find((row) => row.code === 'porn')!.id;
  other = rows.find((row) => row.code === 'other')!.id;
});
afterAll(() => testDb.close());

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
type Reasons = { list: { id: number; name: string; needs_content: boolean }[] };

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  return { ...anchor, room };
}

describe('classifyList', () => {
  it('lists the seeded reasons once, in the request language', async () => {
    const zh = await call<Reasons>('/api/Reportuser/classifyList', { method: 'POST' });
    expect(zh.body.data.list.map((reason) => reason.name)).toEqual([
      '色情低俗',
      '涉政/违法',
      '赌博或博彩广告',
      '侵权盗播',
      '辱骂/人身攻击',
      '诈骗/虚假宣传',
      '未成年人不当行为',
      '其他',
    ]);
    const english = await call<Reasons>('/api/Reportuser/classifyList', { headers: en() });
    expect(english.body.data.list.at(-1)).toEqual({ id: other, name: 'Other', needs_content: true });
    const vi = await call<Reasons>('/api/Reportuser/classifyList', { headers: { lang: 'vi' } });
    expect(vi.body.data.list[0]!.name).toBe('Nội dung khiêu dâm, dung tục');
  });
});

describe('insert', () => {
  it('reports a room once; a second open report is refused with a translated message', async () => {
    const { room } = await anchorRoom();
    const { user, token } = await makeSignedInUser(testDb.db);
    const json = { target_type: 'room', target_id: room.id, classify_id: porn, content: '画面不当' };
    const first = await call<{ id: number; status: string }>('/api/Reportuser/insert', {
      headers: { token },
      json,
    });
    expect(first.body).toEqual({ code: 0, msg: '', data: { id: expect.any(Number), status: 'open' } });
    const second = await call('/api/Reportuser/insert', { headers: { token }, json });
    expect(second.body.code).toBe(1);
    expect(second.body.msg).toBe('你已举报过，正在审核中');
    const english = await call('/api/Reportuser/insert', { headers: en(token), json });
    expect(english.body.msg).toBe('You have already reported this; it is under review');
    const rows = await testDb.db.select().from(reports).where(eq(reports.reporterId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetType: 'room', targetId: room.id, content: '画面不当' });
  });

  it('reports a user; refuses yourself, your own room, missing targets and unknown kinds', async () => {
    const { user: other_user } = { user: await makeUser(testDb.db) };
    const { user, token, room } = await anchorRoom();
    const ok = await call('/api/Reportuser/insert', {
      headers: { token },
      json: { target_type: 'user', target_id: other_user.id, classify_id: porn },
    });
    expect(ok.body.code).toBe(0);
    for (const json of [
      { target_type: 'user', target_id: user.id, classify_id: porn },
      { target_type: 'room', target_id: room.id, classify_id: porn },
    ]) {
      const self = await call('/api/Reportuser/insert', { headers: en(token), json });
      expect(self.body.msg).toBe('You cannot report yourself or your own room');
    }
    const missing = await call('/api/Reportuser/insert', {
      headers: en(token),
      json: { target_type: 'room', target_id: 999_999, classify_id: porn },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('What you are reporting no longer exists');
    // Posts have no resolver until their module registers one: nothing can be reported yet.
    const post = await call('/api/Reportuser/insert', {
      headers: en(token),
      json: { target_type: 'post', target_id: 1, classify_id: porn },
    });
    expect(post.status).toBe(404);
    const kind = await call('/api/Reportuser/insert', {
      headers: en(token),
      json: { target_type: 'planet', target_id: 1, classify_id: porn },
    });
    expect(kind.body.code).toBe(1);
    expect(kind.body.msg).toContain('Report target type');
  });

  it('takes a new kind of target registered in one line', async () => {
    const author = await makeUser(testDb.db);
    registerReportTarget('comment', async (_db, id) => (id === 7 ? { ownerId: author.id } : null));
    const { token } = await makeSignedInUser(testDb.db);
    const ok = await call('/api/Reportuser/insert', {
      headers: { token },
      json: { target_type: 'comment', target_id: 7, classify_id: porn },
    });
    expect(ok.body.code).toBe(0);
    const gone = await call('/api/Reportuser/insert', {
      headers: { token },
      json: { target_type: 'comment', target_id: 8, classify_id: porn },
    });
    expect(gone.status).toBe(404);
  });

  it('checks reason, description and screenshots, and changes nothing on bad input', async () => {
    const { room } = await anchorRoom();
    const { user, token } = await makeSignedInUser(testDb.db);
    const base = { target_type: 'room', target_id: room.id };
    const cases: [object, string][] = [
      [{ ...base, classify_id: other }, 'Please describe what happened when you choose “Other”'],
      [{ ...base, classify_id: 999_999 }, 'Choose a valid reason'],
      [{ ...base, classify_id: porn, content: 'x'.repeat(201) }, 'Content'],
      [{ ...base, classify_id: porn, images: ['/a', '/b', '/c', '/d'] }, 'Images'],
      [
        { ...base, classify_id: porn, images: ['/uploads/someone-else.webp'] },
        'Screenshots must be images you uploaded yourself',
      ],
      [{ target_type: 'room', classify_id: porn }, 'Report target'],
    ];
    for (const [json, message] of cases) {
      const reply = await call('/api/Reportuser/insert', { headers: en(token), json });
      expect(reply.body.code).toBe(1);
      expect(reply.body.msg).toContain(message);
    }
    expect(await testDb.db.select().from(reports).where(eq(reports.reporterId, user.id))).toEqual([]);

    await testDb.db.insert(uploads).values({
      userId: user.id,
      purpose: 'image',
      key: `report-${user.id}`,
      url: `/uploads/report-${user.id}.webp`,
      bytes: 10,
      width: 10,
      height: 10,
    });
    const withImage = await call('/api/Reportuser/insert', {
      headers: { token },
      json: {
        ...base,
        classify_id: other,
        content: '主播在直播间里卖假球票',
        images: [`/uploads/report-${user.id}.webp`],
      },
    });
    expect(withImage.body.code).toBe(0);
  });

  it('needs login and allows 10 reports an hour', async () => {
    const guest = await call('/api/Reportuser/insert', {
      headers: en(),
      json: { target_type: 'user', target_id: 1, classify_id: porn },
    });
    expect(guest.body.code).toBe(700);
    const { token } = await makeSignedInUser(testDb.db);
    const targets = await Promise.all(Array.from({ length: 11 }, () => makeUser(testDb.db)));
    for (const target of targets.slice(0, 10)) {
      const reply = await call('/api/Reportuser/insert', {
        headers: { token },
        json: { target_type: 'user', target_id: target.id, classify_id: porn },
      });
      expect(reply.body.code).toBe(0);
    }
    const eleventh = await call('/api/Reportuser/insert', {
      headers: en(token),
      json: { target_type: 'user', target_id: targets[10]!.id, classify_id: porn },
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toMatch(/^Too many reports\. Try again in \d+ min$/);
  });
});

describe('operators', () => {
  it('list and handle reports; a handled target can be reported again', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const { room } = await anchorRoom();
    const { token } = await makeSignedInUser(testDb.db, { nickname: '举报人' });
    const json = { target_type: 'room', target_id: room.id, classify_id: porn };
    const created = await call<{ id: number }>('/api/Reportuser/insert', { headers: { token }, json });
    type Listed = {
      total: number;
      list: { id: number; reason: string; status: string; reporter: { nickname: string } }[];
    };
    const open = await call<Listed>('/api/admin/reports/list?status=open', { headers: en(operator.token) });
    const mine = open.body.data.list.find((item) => item.id === created.body.data.id);
    expect(mine).toMatchObject({
      reason: 'Sexual or vulgar content',
      status: 'open',
      reporter: { nickname: '举报人' },
    });
    expect(open.body.data.total).toBeGreaterThanOrEqual(1);

    // Decided in the review queue (lib/review): approving upholds, naming the violation.
    const handled = await decideInQueue(call, operator.token, 'report', created.body.data.id, true, {
      reasonCode: 'vulgar',
    });
    expect(handled.body.data.results).toEqual([
      expect.objectContaining({ id: created.body.data.id, ok: true }),
    ]);
    const [row] = (
      await call<Listed>('/api/admin/reports/list?status=upheld', { headers: en(operator.token) })
    ).body.data.list.filter((item) => item.id === created.body.data.id);
    expect(row).toMatchObject({ status: 'upheld' });
    const twice = await decideInQueue(call, operator.token, 'report', created.body.data.id, false);
    expect(twice.body.msg).toBe('This report has already been handled');
    const missing = await decideInQueue(call, operator.token, 'report', 999_999, false);
    expect(missing.status).toBe(404);
    const again = await call('/api/Reportuser/insert', { headers: { token }, json });
    expect(again.body.code).toBe(0);
  });

  it('refuses guests and non-operators', async () => {
    expect((await call('/api/admin/reports/list', { headers: en() })).body.code).toBe(700);
    const { token } = await makeSignedInUser(testDb.db, { isAnchor: true });
    const list = await call('/api/admin/reports/list', { headers: en(token) });
    expect(list.status).toBe(403);
    expect((await decideInQueue(call, token, 'report', 1, false)).status).toBe(403);
    const badStatus = await call('/api/admin/reports/list?status=closed', {
      headers: en((await makeSignedInUser(testDb.db, { role: 'operator' })).token),
    });
    expect(badStatus.body.code).toBe(1);
  });
});
