// Act from a report on a live room (issue #41 item 2): upholding the case may also take the room's title and
// cover down (the defaults again, the anchor told per part as from /admin/live) and seal it, in the same
// decision and with its reason, each audited as the live rooms' own route. Room actions on a dismissal, on a
// report about something else, with nothing ticked, or on a title already the default refuse the whole
// decision and change nothing.
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { notices } from '@/lib/im/schema';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedReportReasons } from './report-reasons';
import { reportReasons, reports } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let reasonId: number;
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedReportReasons(testDb.db);
  reasonId = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
  moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
});
afterAll(() => testDb.close());

async function reported(
  targetType: 'room' | 'user',
  look = { title: '加群看球 稳赚', coverUrl: '/covers/ad.jpg' },
) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  await testDb.db.update(liveRooms).set(look).where(eq(liveRooms.id, room.id));
  const reporter = await makeSignedInUser(testDb.db);
  const made = await call<{ id: number }>('/api/Reportuser/insert', {
    headers: { lang: 'en', token: reporter.token },
    json: {
      target_type: targetType,
      target_id: targetType === 'room' ? room.id : anchor.user.id,
      classify_id: reasonId,
    },
  });
  expect(made.body.code).toBe(0);
  return { anchor, room, caseId: made.body.data.id };
}

const decide = (json: object) =>
  call<{ results: { id: number; ok: boolean }[] }>('/api/admin/review/report/decide', {
    headers: { lang: 'en', token: moderator.token },
    json: { approve: true, reason_code: 'ads', reason: '引流广告', ...json },
  });
const roomRow = async (id: number) =>
  (await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, id)))[0]!;
const caseStatus = async (id: number) =>
  (await testDb.db.select().from(reports).where(eq(reports.id, id)))[0]!.status;

it('takes the title and cover down and seals the room in one decision, each told and audited', async () => {
  const { anchor, room, caseId } = await reported('room');
  const decided = await decide({
    ids: [caseId],
    room: { remove_title: true, remove_cover: true, seal: true, seal_hours: 24 },
  });
  expect(decided.body).toMatchObject({ code: 0, data: { results: [{ id: caseId, ok: true }] } });

  const after = await roomRow(room.id);
  expect([after.title, after.coverUrl]).toEqual(['', '']);
  expect(after.sealedAt).toEqual(NOON);
  expect(after.sealedUntil).toEqual(new Date(NOON.getTime() + 24 * 3_600_000));
  expect(after.sealReasonCode).toBe('ads');
  expect(await caseStatus(caseId)).toBe('upheld');

  const told = await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id));
  expect(told.map((row) => [row.subject, (row.params as { item?: string }).item ?? null]).sort()).toEqual([
    ['room_look_removed', 'roomCover'],
    ['room_look_removed', 'roomTitle'],
    ['room_sealed_until', null],
  ]);
  expect(told.find((row) => row.subject === 'room_look_removed')!.params).toMatchObject({
    reason: 'ads',
    note: '引流广告',
  });

  const audited = await testDb.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'room'), eq(auditLog.targetId, String(room.id))));
  expect(audited.map((row) => row.action).sort()).toEqual([
    '/api/admin/live/removeCover',
    '/api/admin/live/removeTitle',
    '/api/admin/live/seal',
  ]);
  expect(audited.find((row) => row.action === '/api/admin/live/removeTitle')).toMatchObject({
    before: { title: '加群看球 稳赚', user_id: anchor.user.id },
    after: { title: '', user_id: anchor.user.id },
    reason: 'ads · 引流广告',
  });
});

it('seals until lifted when no hours are given', async () => {
  const { room, caseId } = await reported('room');
  expect((await decide({ ids: [caseId], room: { seal: true } })).body.code).toBe(0);
  const after = await roomRow(room.id);
  expect([after.sealedAt, after.sealedUntil, after.title]).toEqual([NOON, null, '加群看球 稳赚']);
});

it('refuses room actions that do not fit and changes nothing', async () => {
  const { room, caseId } = await reported('room');
  const user = await reported('user');
  const bare = await reported('room', { title: '', coverUrl: '' });
  const refusals: [object, string][] = [
    [
      { ids: [caseId], approve: false, reason_code: 'no_violation', room: { seal: true } },
      'REVIEW_ROOM_ACTION_INVALID',
    ],
    [{ ids: [caseId], room: {} }, 'REVIEW_ROOM_ACTION_INVALID'],
    [{ ids: [user.caseId], room: { remove_title: true } }, 'REVIEW_ROOM_ACTION_INVALID'],
    [{ ids: [caseId, bare.caseId], room: { seal: true } }, 'REVIEW_ROOM_ACTION_INVALID'],
    [{ ids: [bare.caseId], room: { remove_title: true, seal: true } }, 'ROOM_LOOK_ALREADY_DEFAULT'],
    [{ ids: [caseId], room: { seal: true, seal_hours: 0 } }, ''],
  ];
  const messages: Record<string, string> = {
    REVIEW_ROOM_ACTION_INVALID:
      'Taking a room’s title or cover down or sealing it can only go with upholding one report on that room',
    ROOM_LOOK_ALREADY_DEFAULT: "It's already the default: there's nothing to take down",
  };
  for (const [json, code] of refusals) {
    const refused = await decide(json);
    expect(refused.body.code).toBe(1);
    if (code) expect(refused.body.msg).toBe(messages[code]);
  }
  for (const [id, roomId] of [
    [caseId, room.id],
    [bare.caseId, bare.room.id],
  ] as const) {
    expect(await caseStatus(id)).toBe('open');
    expect((await roomRow(roomId)).sealedAt).toBeNull();
  }
  expect((await roomRow(room.id)).title).toBe('加群看球 稳赚');
  expect(await caseStatus(user.caseId)).toBe('open');
  const anchors = [room.anchorId, user.room.anchorId, bare.room.anchorId];
  for (const anchorId of anchors)
    expect(await testDb.db.select().from(notices).where(eq(notices.userId, anchorId))).toEqual([]);
});
