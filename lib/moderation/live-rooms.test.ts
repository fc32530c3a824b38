// The console's live rooms: on air with viewers and (without an embedded engine) no health, sealed rooms
// listed with their reason, idle rooms left out; moderators only.
import { eq } from 'drizzle-orm';
import { liveRooms } from '@/lib/live/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';

const NOW = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

type Room = {
  id: number;
  live: boolean;
  sealed: boolean;
  seal_reason: string | null;
  viewers: number;
  health: unknown;
};

it('lists rooms on air and sealed rooms, and a seal from the list ends the broadcast with its reason', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const rows = await Promise.all(
    ['live', 'idle'].map(async (status) => {
      const anchor = await makeUser(testDb.db, { isAnchor: true });
      const [room] = await testDb.db
        .insert(liveRooms)
        .values({ anchorId: anchor.id, title: `${status} room`, status: status as 'live', liveSince: NOW })
        .returning();
      return room!;
    }),
  );
  const [onAir, idle] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const list = async () =>
    (await call<{ list: Room[] }>('/api/admin/live/rooms', { headers: { token: moderator.token } })).body.data
      .list;
  const first = await list();
  expect(first.find((room) => room.id === onAir.id)).toMatchObject({ live: true, viewers: 0, health: null });
  expect(first.find((room) => room.id === idle.id)).toBeUndefined();

  const sealed = await call('/api/admin/live/seal', {
    headers: { token: moderator.token, lang: 'en' },
    json: { room_id: onAir.id, reason_code: 'illegal', reason: 'illegal content: gambling ads', hours: 24 },
  });
  expect(sealed.body.code).toBe(0);
  expect((await list()).find((room) => room.id === onAir.id)).toMatchObject({
    live: false,
    sealed: true,
    seal_reason_code: 'illegal',
    seal_reason: 'illegal content: gambling ads',
  });
  const [row] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, onAir.id));
  expect(row!.status).not.toBe('live');

  const user = await makeSignedInUser(testDb.db);
  expect((await call('/api/admin/live/rooms', { headers: { token: user.token } })).status).toBe(403);
});
