// Login throttling that cannot lock the owner out, and the client address it counts by: 50 wrong
// passwords from rotating addresses never keep the owner out of a browser they signed in from before;
// a pair or an address that keeps failing is refused; X-Forwarded-For counts only from a trusted proxy.

// Set before the portal's config is first read: cheap proofs of work, and one trusted proxy range.
process.env.CAPTCHA_COST = '100';
process.env.TRUSTED_PROXIES = '10.9.0.0/16';

import { PEER_HEADER } from '@/lib/http/client-address';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { solvedCaptcha, solvedChallenge } from '@/lib/testing/captcha';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { captchaLevelFor, KNOWN_DEVICE_COOKIE, knownDeviceCookie, readKnownDevice } from './login-throttle';
import { hashPassword } from './password';

// Dozens of argon2 checks and proofs of work per test on a shared 2-core machine.
jest.setTimeout(240_000);

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

let mobileCounter = 0;
async function owner(password = 'right-password') {
  mobileCounter += 1;
  const mobile = `1360000${String(mobileCounter).padStart(4, '0')}`;
  const user = await makeUser(testDb.db, { mobile, passwordHash: await hashPassword(password) });
  return { user, mobile };
}

type Headers = Record<string, string>;
const from = (address: string, extra: Headers = {}): Headers => ({
  lang: 'en',
  [PEER_HEADER]: address,
  ...extra,
});

/** A captcha as hard as the portal asks of this browser for this account. */
async function captchaFor(mobile: string, headers: Headers) {
  const challenge = await call(`/api/captcha/challenge?mobile=86-${mobile}`, { headers });
  return solvedChallenge(challenge.body.data);
}

async function login(mobile: string, password: string, headers: Headers, captcha?: string) {
  return call<{ id: number }>('/api/user/login', {
    headers,
    json: {
      mobile: `86-${mobile}`,
      password,
      device_type: 'pc',
      captcha: captcha ?? (await captchaFor(mobile, headers)),
    },
  });
}

const deviceCookieOf = (headers: globalThis.Headers) =>
  new RegExp(`${KNOWN_DEVICE_COOKIE}=([^;]+)`).exec(headers.get('set-cookie') ?? '')?.[1];

it('lets the owner in from a known browser after 50 wrong passwords from rotating addresses', async () => {
  const { user, mobile } = await owner();
  const first = await login(mobile, 'right-password', from('203.0.113.7'));
  expect(first.body.code).toBe(0);
  const device = deviceCookieOf(first.headers);
  expect(first.headers.get('set-cookie')).toMatch(
    new RegExp(`${KNOWN_DEVICE_COOKIE}=[^;]+; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`),
  );
  expect(await readKnownDevice(testDb.db, device)).toMatchObject({ userId: user.id });

  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { body } = await login(mobile, `guess-${attempt}`, from(`198.51.100.${attempt + 1}`));
    expect(body.msg).toBe('Wrong mobile number or password');
  }

  // A stranger's browser now needs the hardest captcha; an easy one is refused before the password is tried.
  const stranger = from('192.0.2.99');
  const easy = await login(mobile, 'right-password', stranger, await solvedCaptcha(testDb.db));
  expect(easy.status).toBe(429);
  expect(easy.body).toMatchObject({
    code: 1,
    msg: 'This account had many failed sign-ins, so the human check takes longer this time. Please verify again',
    data: { captcha_level: 6 },
  });

  // The owner's browser: an ordinary captcha, from yet another address, straight in.
  const known = from('192.0.2.10', { cookie: `${KNOWN_DEVICE_COOKIE}=${device}` });
  const back = await login(mobile, 'right-password', known, await solvedCaptcha(testDb.db));
  expect(back.body.code).toBe(0);
  expect(back.body.data.id).toBe(user.id);
  // Same device, same cookie id.
  expect((await readKnownDevice(testDb.db, deviceCookieOf(back.headers)))?.deviceId).toBe(
    (await readKnownDevice(testDb.db, device))?.deviceId,
  );

  // And the owner on a new browser is never refused either: only asked for more work.
  const fresh = await login(mobile, 'right-password', from('192.0.2.11'));
  expect(fresh.body.code).toBe(0);
});

it('refuses an address that keeps failing on one account, except the owner’s known browser', async () => {
  const { mobile } = await owner();
  const signedIn = await login(mobile, 'right-password', from('203.0.113.20'));
  const device = deviceCookieOf(signedIn.headers);
  const attacker = from('198.51.100.200');
  for (let attempt = 0; attempt < 5; attempt += 1)
    expect((await login(mobile, 'wrong-password', attacker)).body.code).toBe(1);
  const locked = await login(mobile, 'right-password', attacker);
  expect(locked.status).toBe(429);
  expect(locked.body.msg).toMatch(/^Too many attempts\. Try again in 15 min$/);
  // The owner behind the same address (a shared network) with their known browser.
  const owners = from('198.51.100.200', { cookie: `${KNOWN_DEVICE_COOKIE}=${device}` });
  expect((await login(mobile, 'right-password', owners)).body.code).toBe(0);
  // Another address is not refused.
  expect((await login(mobile, 'right-password', from('198.51.100.201'))).body.code).toBe(0);
});

it('refuses an address that fails across many accounts', async () => {
  const attacker = from('198.51.100.77');
  for (let account = 0; account < 30; account += 1) {
    const { mobile } = await owner();
    expect((await login(mobile, 'wrong-password', attacker)).body.code).toBe(1);
  }
  const { mobile } = await owner();
  const refused = await login(mobile, 'right-password', attacker);
  expect(refused.status).toBe(429);
  expect(refused.body.msg).toMatch(/^Too many attempts/);
});

it('treats a forged, foreign or failing known-device cookie as an unknown browser', async () => {
  const { user, mobile } = await owner();
  const other = await owner();
  expect(await readKnownDevice(testDb.db, `${user.id}.abcdefghijklmnop.${'x'.repeat(43)}`)).toBeNull();
  expect(await readKnownDevice(testDb.db, 'garbage')).toBeNull();
  // A valid cookie of another account does not vouch for this one.
  const foreign = await knownDeviceCookie(testDb.db, other.user.id);
  const attacker = from('198.51.100.150', { cookie: `${KNOWN_DEVICE_COOKIE}=${foreign}` });
  for (let attempt = 0; attempt < 5; attempt += 1) await login(mobile, 'wrong-password', attacker);
  expect((await login(mobile, 'right-password', attacker)).status).toBe(429);

  // The owner's own cookie that fails 10 times counts as unknown again (a stolen cookie is no skeleton key).
  const own = await knownDeviceCookie(testDb.db, user.id);
  const thief = from('198.51.100.151', { cookie: `${KNOWN_DEVICE_COOKIE}=${own}` });
  for (let attempt = 0; attempt < 10; attempt += 1)
    expect((await login(mobile, 'wrong-password', thief, await solvedCaptcha(testDb.db))).body.code).toBe(1);
  const after = await login(mobile, 'wrong-password', thief, await solvedCaptcha(testDb.db));
  expect(after.body.data).toMatchObject({ captcha_level: expect.any(Number) });
});

it('raises the captcha a level per 5 account failures and per repeated pair failure, up to 6', () => {
  expect(captchaLevelFor(0, 0)).toBe(0);
  expect(captchaLevelFor(4, 1)).toBe(0);
  expect(captchaLevelFor(5, 1)).toBe(1);
  expect(captchaLevelFor(5, 3)).toBe(3);
  expect(captchaLevelFor(500, 0)).toBe(6);
});

describe('client address', () => {
  it('ignores X-Forwarded-For from an untrusted peer: rotating it does not escape the pair limit', async () => {
    const { mobile } = await owner();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const headers = from('198.51.100.33', { 'x-forwarded-for': `192.0.2.${attempt + 1}` });
      expect((await login(mobile, 'wrong-password', headers)).body.code).toBe(1);
    }
    const rotated = from('198.51.100.33', { 'x-forwarded-for': '192.0.2.200' });
    expect((await login(mobile, 'right-password', rotated)).status).toBe(429);
  });

  it('honours X-Forwarded-For from a trusted proxy: its right-most untrusted entry is the client', async () => {
    const { mobile } = await owner();
    // The client wrote a fake first entry; the proxy appended the real address.
    const viaProxy = (client: string) =>
      from('10.9.0.5', { 'x-forwarded-for': `1.1.1.1, ${client}, 10.9.0.8` });
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(mobile, 'wrong-password', viaProxy('198.51.100.44'))).body.code).toBe(1);
    expect((await login(mobile, 'right-password', viaProxy('198.51.100.44'))).status).toBe(429);
    // Another client behind the same proxy is a different address.
    expect((await login(mobile, 'right-password', viaProxy('198.51.100.45'))).body.code).toBe(0);
  });
});
