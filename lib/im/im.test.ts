// The IM provider's credentials: a Tencent UserSig made with Tencent's `tls-sig-api-v2` verifies with the
// same package's HMAC (and fails for another key, id or app, once expired, or when altered); the
// built-in provider's signature logs a socket in as its user; `api/im/credentials` for users and
// tourists, and its refusals.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { verifyChatSignature } from '@/lib/accounts/chat-signature';
import { createTouristAccount } from '@/lib/accounts/tourist';
import { parseConfig } from '@/lib/config/schema';
import { createGateway } from '@/lib/realtime/socket-server';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { imGroupIdOf } from './provider';
import { imCredentials, resolveChatSignature, tencentUserSig, verifyTencentUserSig } from './signature';

const TENCENT = {
  appId: 1_400_000_000,
  secretKey: '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e',
};

describe('Tencent UserSig (tls-sig-api-v2)', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOON, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('round-trips: generated, then verified with the same package', () => {
    const sig = tencentUserSig(TENCENT, '42', 3600);
    expect(verifyTencentUserSig(TENCENT, '42', sig, NOON)).toBe(true);
    expect(verifyTencentUserSig(TENCENT, '43', sig, NOON)).toBe(false);
    expect(verifyTencentUserSig({ ...TENCENT, secretKey: 'another key' }, '42', sig, NOON)).toBe(false);
    expect(verifyTencentUserSig({ ...TENCENT, appId: 1_400_000_001 }, '42', sig, NOON)).toBe(false);
    expect(verifyTencentUserSig(TENCENT, '42', sig, new Date(NOON.getTime() + 3601_000))).toBe(false);
    expect(verifyTencentUserSig(TENCENT, '42', `${sig.slice(0, -4)}AAAA`, NOON)).toBe(false);
    expect(verifyTencentUserSig(TENCENT, '42', 'not a sig', NOON)).toBe(false);
  });

  it('is what the tencent provider hands out, with the SDKAppID; room chats map to AVChatRoom groups', async () => {
    const config = parseConfig({
      IM_PROVIDER: 'tencent',
      TENCENT_IM_SDK_APP_ID: String(TENCENT.appId),
      TENCENT_IM_SECRET_KEY: TENCENT.secretKey,
    });
    const credentials = await imCredentials(undefined as never, config, 'tourist_ab12', NOON);
    expect(credentials).toMatchObject({
      provider: 'tencent',
      chat_id: 'tourist_ab12',
      sdk_app_id: TENCENT.appId,
    });
    expect(verifyTencentUserSig(TENCENT, 'tourist_ab12', credentials.sig, NOON)).toBe(true);
    expect(imGroupIdOf({ kind: 'live', id: 7 })).toBe('live_7');
    expect(() => parseConfig({ IM_PROVIDER: 'tencent' })).toThrow(/TENCENT_IM_SDK_APP_ID/);
  });
});

describe('built-in provider', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('serves credentials to users and tourists, refuses others, and logs a socket in by signature', async () => {
    const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
    const call = apiCaller(() => app);
    const viewer = await makeSignedInUser(testDb.db);
    const mine = await call<{ provider: string; chat_id: string; sig: string }>('/api/im/credentials', {
      headers: { token: viewer.token },
    });
    expect(mine.body.data).toMatchObject({
      provider: 'socket',
      chat_id: String(viewer.user.id),
      sdk_app_id: null,
    });
    expect(
      await verifyChatSignature(testDb.db, String(viewer.user.id), mine.body.data.sig, NOON.getTime()),
    ).toBe(true);
    const tourist = await createTouristAccount(testDb.db, NOON);
    const guest = await call<{ chat_id: string }>('/api/im/credentials', {
      json: { tourist_id: tourist.id, sig: tourist.sig },
    });
    expect(guest.body.data.chat_id).toBe(tourist.id);
    const forged = await call('/api/im/credentials', { json: { tourist_id: tourist.id, sig: 'forged.sig' } });
    expect(forged.body.code).toBe(700);
    expect((await call('/api/im/credentials', { json: {} })).body.code).toBe(700);

    expect(
      (await resolveChatSignature(testDb.db, String(viewer.user.id), mine.body.data.sig, NOON)).user?.id,
    ).toBe(viewer.user.id);
    expect((await resolveChatSignature(testDb.db, String(viewer.user.id), tourist.sig, NOON)).valid).toBe(
      false,
    );

    // A socket that registers with its user id and signature (no session) is that user.
    const server = http.createServer();
    const gateway = createGateway(server, {
      resolveUser: async () => null,
      resolveChatSignature: (chatId, sig) => resolveChatSignature(testDb.db, chatId, sig, NOON),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      forceNew: true,
    });
    const registered = new Promise((resolve) =>
      socket.on('message', (message: { type: string }) => message.type === 'registered' && resolve(message)),
    );
    socket.emit('register', { type: 1, user_id: viewer.user.id, sig: mine.body.data.sig });
    expect(await registered).toEqual({ type: 'registered', user_id: viewer.user.id });
    socket.close();
    gateway.close();
  });
});
