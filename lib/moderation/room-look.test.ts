// A room's title or cover taken down from /admin/live (lib/moderation/room-look.ts): the room falls back to
// its defaults (the open broadcast's title too), the anchor is told in their message centre with the code
// and the words, the audit entry says what it was before; bad input is refused in words and changes nothing.
// The public read routes' walk (./content.test.ts) proves the old title and cover are gone everywhere.
import { eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { sentenceOf } from '@/lib/audit/sentences';
import { notices } from '@/lib/im/schema';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { beginBroadcast, ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

async function liveRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: '带单主播' });
  const room = await ensureRoom(testDb.db, anchor.user.id, { title: '加群领彩金 今晚必中' });
  await testDb.db
    .update(liveRooms)
    .set({ coverUrl: '/uploads/qr-cover.png' })
    .where(eq(liveRooms.id, room.id));
  const broadcast = await beginBroadcast(testDb.db, room.id, NOON);
  return { anchor, room, broadcast };
}

const remove = (token: string, part: 'Title' | 'Cover', json: object, lang = 'en') =>
  call<{ room_id: number }>(`/api/admin/live/remove${part}`, { headers: { token, lang }, json });

it('takes a title and a cover down: the defaults show, the anchor is told, the audit reads what it was', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { anchor, room, broadcast } = await liveRoom();
  const title = await remove(moderator.token, 'Title', {
    room_id: room.id,
    reason_code: 'ads',
    reason: '标题引流',
  });
  expect(title.body).toMatchObject({ code: 0, data: { room_id: room.id } });
  const cover = await remove(moderator.token, 'Cover', { room_id: room.id, reason_code: 'vulgar' });
  expect(cover.body.code).toBe(0);

  const [after] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, room.id));
  expect(after).toMatchObject({ title: '', coverUrl: '', status: 'live' });
  const [open] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.id, broadcast.id));
  expect(open!.title).toBe('');
  const info = await call<{ title: string; cover: string | null }>(
    `/api/Live_streaming/getRoomInfo?id=${room.id}`,
  );
  expect(info.body.data).toMatchObject({ title: '', cover: null });

  const told = await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id));
  expect(told.map((row) => [row.subject, row.params, row.actorId])).toEqual([
    ['room_look_removed', { item: 'roomTitle', reason: 'ads', note: '标题引流' }, moderator.user.id],
    ['room_look_removed', { item: 'roomCover', reason: 'vulgar', note: '' }, moderator.user.id],
  ]);

  const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.actorId, moderator.user.id));
  expect(entries.map((row) => [row.action, row.targetType, row.before, row.after, row.reason])).toEqual([
    [
      '/api/admin/live/removeTitle',
      'room',
      { title: '加群领彩金 今晚必中', user_id: anchor.user.id },
      { title: '', user_id: anchor.user.id },
      'ads · 标题引流',
    ],
    [
      '/api/admin/live/removeCover',
      'room',
      { cover: '/uploads/qr-cover.png', user_id: anchor.user.id },
      { cover: '', user_id: anchor.user.id },
      'vulgar',
    ],
  ]);
  // Each reads as a sentence (its words in the four languages: lib/audit/sentences.test.ts).
  expect(sentenceOf('/api/admin/live/removeTitle')?.key).toBe('liveRemoveTitle');
  expect(sentenceOf('/api/admin/live/removeCover')?.key).toBe('liveRemoveCover');
});

it('refuses bad input in words and changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const plain = await makeSignedInUser(testDb.db);
  const { anchor, room } = await liveRoom();
  const cases: [string, object, string][] = [
    [moderator.token, { room_id: room.id }, 'Choose a reason for this action'],
    [
      moderator.token,
      { room_id: room.id, reason_code: 'mistake' },
      'Choose a reason from the list that fits this decision',
    ],
    [
      moderator.token,
      { room_id: room.id, reason_code: 'other' },
      'Write the reason in your own words when you choose “Other”',
    ],
    [moderator.token, { room_id: 2_000_000_000, reason_code: 'ads' }, "That live room doesn't exist"],
  ];
  for (const [token, json, msg] of cases) {
    const refused = await remove(token, 'Title', json);
    expect(refused.body).toMatchObject({ msg });
    expect(refused.body.code).not.toBe(0);
  }
  const stranger = await remove(plain.token, 'Cover', { room_id: room.id, reason_code: 'ads' });
  expect(stranger.body.code).not.toBe(0);
  const [kept] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, room.id));
  expect(kept).toMatchObject({ title: '加群领彩金 今晚必中', coverUrl: '/uploads/qr-cover.png' });

  // Once back to the default there is nothing to take down, said in the reader's language.
  expect((await remove(moderator.token, 'Cover', { room_id: room.id, reason_code: 'ads' })).body.code).toBe(
    0,
  );
  const again = await remove(moderator.token, 'Cover', { room_id: room.id, reason_code: 'ads' }, 'zh-CN');
  expect(again.body).toMatchObject({ msg: '已经是默认的了，无需撤下' });
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, anchor.user.id));
  expect(told).toHaveLength(1);
});
