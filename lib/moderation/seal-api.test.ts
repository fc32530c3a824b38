// Sealing through the API: a live room ends at once and its push is cut, the seal is pushed, lists and
// starts leave the room out, a seal with an end lapses by itself, operators only.
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { notices } from '@/lib/im/schema';
import { listRooms } from '@/lib/live/lists';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { beginBroadcast, ensureRoom, rotateStreamKey, verifyPush } from '@/lib/live/service';
import { installMediaControl, type MediaControl } from '@/lib/media/control';
import { installGateway } from '@/lib/realtime/gateway';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const pushed: unknown[] = [];
const media = { isPublishing: jest.fn(() => false), stopPublishing: jest.fn(), keyChanged: jest.fn() };

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  installGateway({
    emit: (_event: string, payload: unknown) => pushed.push(payload),
    // The anchor's own pushes (the message centre's notice of the seal).
    to: () => ({ emit: () => true }),
    sockets: { adapter: { rooms: new Map() } },
  } as unknown as Server);
  installMediaControl(media satisfies MediaControl);
});
afterAll(async () => {
  installGateway(undefined as unknown as Server);
  installMediaControl(undefined);
  await testDb.close();
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
type Info = { status: string; sealed: boolean; seal_reason: string | null; sealed_until: string | null };

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: '被封主播' });
  const room = await ensureRoom(testDb.db, anchor.user.id, { title: '封禁测试' });
  const { streamKey } = await rotateStreamKey(testDb.db, anchor.user.id, NOON);
  return { ...anchor, room, secret: streamKey.split('key=')[1]! };
}

describe('seal', () => {
  it('ends a live room now, keeps its broadcast, pushes the seal and refuses the key and starts', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const { room, token, secret } = await anchorRoom();
    const broadcast = await beginBroadcast(testDb.db, room.id, NOON);
    media.stopPublishing.mockClear();
    pushed.length = 0;

    const sealed = await call<{ sealed: boolean; reason: string; until: string }>('/api/admin/live/seal', {
      headers: { token: operator.token },
      json: { room_id: room.id, reason: '直播内容违规', hours: 24 },
    });
    expect(sealed.body.code).toBe(0);
    expect(sealed.body.data).toMatchObject({ room_id: room.id, sealed: true, reason: '直播内容违规' });
    const until = new Date(sealed.body.data.until).getTime();
    expect(until - NOON.getTime()).toBe(24 * 3_600_000);

    expect(media.stopPublishing).toHaveBeenCalledWith(room.id);
    expect(media.keyChanged).toHaveBeenCalledWith(room.id, null);
    const [ended] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.id, broadcast.id));
    expect(ended!.endedAt).not.toBeNull();
    expect(pushed).toEqual([
      { type: 'endRoom', room_id: room.id, data: { broadcast_id: broadcast.id, replay: null } },
      {
        type: 'sealingStatu',
        room_id: room.id,
        data: { sealed: true, reason_code: null, reason: '直播内容违规', until: expect.any(String) },
      },
    ]);

    const info = await call<Info>(`/api/Live_streaming/getRoomInfo?id=${room.id}`);
    expect(info.body.data).toMatchObject({ status: 'ended', sealed: true, seal_reason: '直播内容违规' });
    expect(info.body.data.sealed_until).not.toBeNull();
    expect(await verifyPush(testDb.db, room.id, secret, NOON)).toBeNull();
    const rooms = await listRooms(testDb.db, { category: 'all', filter: 'all', now: NOON });
    expect(rooms.map((item) => item.id)).not.toContain(room.id);
    const start = await call('/api/Live/startRoom', { headers: en(token) });
    expect(start.body.msg).toBe('This room is suspended and cannot go live for now');
    expect(start.body.code).toBe(1);
    const startZh = await call('/api/Live/startRoom', { headers: { token } });
    expect(startZh.body.msg).toBe('直播间已被封禁，暂时无法开播');
    // Refused before anything changes: the mobile start's title stays unsaved.
    const mobile = await call('/api/Live/mobileStartRoom', {
      headers: { token },
      json: { title: '封禁中也想改标题' },
    });
    expect(mobile.body.code).toBe(1);
    const [after] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, room.id));
    expect(after!.title).not.toBe('封禁中也想改标题');
  });

  it('seals until lifted when no hours are given; unseal restores the room and its key', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const { room, secret } = await anchorRoom();
    const sealed = await call<{ until: string | null }>('/api/admin/live/seal', {
      headers: { token: operator.token },
      json: { room_id: room.id, reason: '涉嫌盗播' },
    });
    expect(sealed.body.data.until).toBeNull();
    const info = await call<Info>(`/api/Live_streaming/getRoomInfo?id=${room.id}`);
    expect(info.body.data).toMatchObject({ sealed: true, sealed_until: null });

    pushed.length = 0;
    const lifted = await call('/api/admin/live/unseal', {
      headers: { token: operator.token },
      json: { room_id: room.id },
    });
    expect(lifted.body.data).toEqual({
      room_id: room.id,
      sealed: false,
      reason_code: null,
      reason: null,
      until: null,
    });
    expect(media.keyChanged).toHaveBeenLastCalledWith(room.id, expect.stringMatching(/^[0-9a-f]{64}$/));
    expect(pushed).toEqual([
      {
        type: 'sealingStatu',
        room_id: room.id,
        data: { sealed: false, reason_code: null, reason: null, until: null },
      },
    ]);
    expect(await verifyPush(testDb.db, room.id, secret, NOON)).not.toBeNull();
    const after = await call<Info>(`/api/Live_streaming/getRoomInfo?id=${room.id}`);
    expect(after.body.data).toMatchObject({ sealed: false, seal_reason: null, sealed_until: null });
  });

  it('lets a seal with an end lapse by itself', async () => {
    const { room, secret, token } = await anchorRoom();
    await testDb.db
      .update(liveRooms)
      .set({
        sealedAt: new Date(NOON.getTime() - 7200_000),
        sealReason: '过期',
        sealedUntil: new Date(NOON.getTime() - 1000),
      })
      .where(eq(liveRooms.id, room.id));
    const info = await call<Info>(`/api/Live_streaming/getRoomInfo?id=${room.id}`);
    expect(info.body.data).toMatchObject({ sealed: false, seal_reason: null });
    expect(await verifyPush(testDb.db, room.id, secret, NOON)).not.toBeNull();
    const rooms = await listRooms(testDb.db, { category: 'all', filter: 'all', now: NOON });
    expect(rooms.map((item) => item.id)).toContain(room.id);
    expect((await call('/api/Live/startRoom', { headers: { token } })).body.code).toBe(0);
  });

  it('keeps the code and the words apart: each reader sees the code in their language; unsealing tells the anchor', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const { room, user: anchor } = await anchorRoom();
    const sealed = await call('/api/admin/live/seal', {
      headers: en(operator.token),
      json: { room_id: room.id, reason_code: 'ads', reason: '直播间挂二维码', hours: 24 },
    });
    expect(sealed.body.data).toMatchObject({ reason_code: 'ads', reason: '直播间挂二维码' });
    const info = await call<Info>(`/api/Live_streaming/getRoomInfo?id=${room.id}`);
    expect(info.body.data).toMatchObject({ seal_reason_code: 'ads', seal_reason: '直播间挂二维码' });
    const told = () =>
      testDb.db.select().from(notices).where(eq(notices.userId, anchor.id)).orderBy(notices.id);
    const [seal] = await told();
    expect(seal).toMatchObject({
      subject: 'room_sealed_until',
      params: {
        code: 'ads',
        note: '直播间挂二维码',
        until: new Date(NOON.getTime() + 24 * 3_600_000).toISOString(),
      },
    });

    const lifted = await call('/api/admin/live/unseal', {
      headers: en(operator.token),
      json: { room_id: room.id, reason_code: 'appeal_accepted', reason: 'QR code was the sponsor' },
    });
    expect(lifted.body.data).toMatchObject({ sealed: false });
    const [, unseal] = await told();
    expect(unseal).toMatchObject({
      subject: 'room_unsealed',
      params: { code: 'appeal_accepted', note: 'QR code was the sponsor' },
    });
    // Lifting a room that is not sealed tells nobody anything new.
    await call('/api/admin/live/unseal', { headers: en(operator.token), json: { room_id: room.id } });
    expect(await told()).toHaveLength(2);
  });

  it('checks its input and refuses guests, anchors and viewers', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const { room, token: anchorToken } = await anchorRoom();
    const cases: [object, string][] = [
      [{ room_id: room.id, reason: '' }, 'own words'],
      [{ room_id: room.id, reason_code: 'other' }, 'own words'],
      [{ room_id: room.id, reason_code: 'bribery' }, 'Reason'],
      [{ room_id: room.id, reason: 'x'.repeat(201) }, 'Reason'],
      [{ room_id: room.id, reason: 'ok', hours: 0 }, 'Seal duration'],
      [{ reason: 'ok' }, 'room'],
    ];
    for (const [json, field] of cases) {
      const reply = await call('/api/admin/live/seal', { headers: en(operator.token), json });
      expect(reply.body.code).toBe(1);
      expect(reply.body.msg.toLowerCase()).toContain(field.toLowerCase());
    }
    const missing = await call('/api/admin/live/seal', {
      headers: en(operator.token),
      json: { room_id: 999_999, reason: 'x' },
    });
    expect(missing.status).toBe(404);
    const [unchanged] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, room.id));
    expect(unchanged!.sealedAt).toBeNull();

    expect(
      (await call('/api/admin/live/seal', { headers: en(), json: { room_id: room.id, reason: 'x' } })).body
        .code,
    ).toBe(700);
    for (const token of [anchorToken, (await makeSignedInUser(testDb.db)).token]) {
      const seal = await call('/api/admin/live/seal', {
        headers: en(token),
        json: { room_id: room.id, reason: 'x' },
      });
      expect(seal.status).toBe(403);
      const unseal = await call('/api/admin/live/unseal', { headers: en(token), json: { room_id: room.id } });
      expect(unseal.status).toBe(403);
    }
  });
});
