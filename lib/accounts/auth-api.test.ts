import { desc, eq } from 'drizzle-orm';
import { PEER_HEADER } from '@/lib/http/client-address';
import { rateLimits } from '@/lib/rate-limits/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { solvedCaptcha, solvedChallenge } from '@/lib/testing/captcha';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { verifyChatSignature } from './chat-signature';
import { readKnownDevice } from './login-throttle';
import { hashPassword } from './password';
import { claimQrListener, confirmQrLogin } from './qr-login';
import { qrLogins, sessions, smsCodes, smsOutbox, users } from './schema';
import { hashToken } from './session';

// Cheap proofs of work: the throttling tests solve many captchas, some at raised levels.
process.env.CAPTCHA_COST = '100';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

let addressCounter = 0;
/** Each test speaks from its own address so per-address limits of one test never touch another. */
function client(lang = 'en') {
  addressCounter += 1;
  return { lang, [PEER_HEADER]: `10.0.0.${addressCounter}` };
}

let mobileCounter = 0;
function newMobile() {
  mobileCounter += 1;
  return `1370000${String(mobileCounter).padStart(4, '0')}`;
}

async function lastSmsCode(mobile: string) {
  const [message] = await testDb.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, `+86 ${mobile}`))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return message?.body.match(/\d{6}/)?.[0];
}

/** Moves a number's earlier sends out of the 60 s resend gap. */
function ageSends(mobile: string) {
  return testDb.db.delete(rateLimits).where(eq(rateLimits.key, `sms:resend:86-${mobile}`));
}

/** A captcha as hard as the portal asks for this number, solved like the browser widget does. */
async function captchaFor(mobile: string, purpose: 'login' | 'sms', headers: Record<string, string>) {
  const challenge = await call(`/api/captcha/challenge?mobile=86-${mobile}&for=${purpose}`, { headers });
  return solvedChallenge(challenge.body.data);
}

async function requestCode(mobile: string, type: 1 | 2, headers = client()) {
  return call('/api/user/getCode', {
    headers,
    json: { mobile: `86-${mobile}`, type, captcha: await captchaFor(mobile, 'sms', headers) },
  });
}

async function registerUser(mobile: string, password = 'secret123', extra: object = {}) {
  await requestCode(mobile, 1);
  const code = await lastSmsCode(mobile);
  return call<{ id: number }>('/api/user/registered', {
    headers: client(),
    json: {
      mobile: `86-${mobile}`,
      code,
      password,
      platform: 'pc',
      captcha: await solvedCaptcha(testDb.db),
      ...extra,
    },
  });
}

async function loginWith(mobile: string, password: string, headers = client()) {
  return call<{ token: string; id: number; user_nickname: string; userSig: string }>('/api/user/login', {
    headers,
    json: {
      mobile: `86-${mobile}`,
      password,
      device_type: 'pc',
      captcha: await captchaFor(mobile, 'login', headers),
    },
  });
}

describe('SMS codes', () => {
  it('sends a 6-digit code through the outbox, readable by operators only', async () => {
    const mobile = newMobile();
    const { body } = await requestCode(mobile, 1);
    expect(body).toMatchObject({ code: 0, data: { ttl_minutes: 10, resend_seconds: 60 } });
    expect(await lastSmsCode(mobile)).toMatch(/^\d{6}$/);

    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const outbox = await call<{ recipient: string; body: string }[]>('/api/admin/sms/outbox', {
      headers: { token: operator.token },
    });
    expect(outbox.body.data[0]).toMatchObject({ recipient: `+86 ${mobile}` });
    const user = await makeSignedInUser(testDb.db);
    const refused = await call('/api/admin/sms/outbox', { headers: { token: user.token, lang: 'en' } });
    expect(refused.body.code).toBe(1);
  });

  it('refuses a malformed number, a missing captcha and a wrong captcha', async () => {
    const bad = await call('/api/user/getCode', {
      headers: client(),
      json: { mobile: '86-12345', type: 1, captcha: await solvedCaptcha(testDb.db) },
    });
    expect(bad.body).toMatchObject({ code: 1, msg: "Mobile number isn't valid" });
    const noCaptcha = await call('/api/user/getCode', {
      headers: client(),
      json: { mobile: '86-13700009999', type: 1 },
    });
    expect(noCaptcha.body.code).toBe(1);
    const wrong = await call('/api/user/getCode', {
      headers: client(),
      json: { mobile: '86-13700009999', type: 1, captcha: 'e30=' },
    });
    expect(wrong.body).toMatchObject({ code: 1, msg: 'The human check failed. Please try it again' });
    const sent = await testDb.db.select().from(smsOutbox).where(eq(smsOutbox.recipient, '+86 13700009999'));
    expect(sent).toHaveLength(0);
  });

  it('waits 60 s between sends and allows 5 per number per hour', async () => {
    const mobile = newMobile();
    expect((await requestCode(mobile, 1)).body.code).toBe(0);
    const again = await requestCode(mobile, 1);
    expect(again.body.msg).toMatch(/^Please wait \d+ s before asking for another code$/);
    // Age the earlier sends past the 60 s gap, then fill the hourly allowance.
    const age = () => ageSends(mobile);
    for (let sent = 1; sent < 5; sent += 1) {
      await age();
      expect((await requestCode(mobile, 1)).body.code).toBe(0);
    }
    await age();
    const limited = await requestCode(mobile, 1);
    expect(limited.body.msg).toMatch(/^Too many codes sent to this number/);
  });

  it('limits sends per address', async () => {
    const headers = client();
    for (let sent = 0; sent < 20; sent += 1)
      expect((await requestCode(newMobile(), 1, headers)).body.code).toBe(0);
    const { body } = await requestCode(newMobile(), 1, headers);
    expect(body.msg).toMatch(/^Too many codes sent/);
  });

  it('asks for a harder captcha for every further send to a number in the hour', async () => {
    const mobile = newMobile();
    expect((await requestCode(mobile, 1)).body.code).toBe(0);
    await ageSends(mobile);
    const easy = await call('/api/user/getCode', {
      headers: client(),
      json: { mobile: `86-${mobile}`, type: 1, captcha: await solvedCaptcha(testDb.db) },
    });
    expect(easy.status).toBe(429);
    expect(easy.body).toMatchObject({ code: 1, data: { captcha_level: 1 } });
    expect((await requestCode(mobile, 1)).body.code).toBe(0);
  });

  it('tells a registering user the number is taken, but answers resets for unknown numbers alike', async () => {
    const user = await makeUser(testDb.db, { mobile: newMobile() });
    expect((await requestCode(user.mobile, 1)).body.msg).toBe(
      'This number is already registered. Please log in',
    );
    const unknown = newMobile();
    expect((await requestCode(unknown, 2)).body.code).toBe(0);
    expect(await lastSmsCode(unknown)).toBeUndefined();
    await ageSends(user.mobile);
    expect((await requestCode(user.mobile, 2)).body.code).toBe(0);
    expect(await lastSmsCode(user.mobile)).toMatch(/^\d{6}$/);
  });
});

describe('register', () => {
  it('creates the account with the SMS code; the code works once', async () => {
    const mobile = newMobile();
    const { body } = await registerUser(mobile);
    expect(body.code).toBe(0);
    const [user] = await testDb.db.select().from(users).where(eq(users.mobile, mobile));
    expect(user).toMatchObject({ nickname: `Fan${mobile.slice(-4)}`, countryCode: '86' });
    expect(user!.inviteCode).toMatch(/^[A-Z2-9]{6}$/);
    const login = await loginWith(mobile, 'secret123');
    expect(login.body.code).toBe(0);
  });

  it('refuses a wrong, a used and an expired code, changing nothing', async () => {
    const mobile = newMobile();
    await requestCode(mobile, 1);
    const code = (await lastSmsCode(mobile))!;
    const attempt = async (submitted: string) =>
      call('/api/user/registered', {
        headers: client(),
        json: {
          mobile: mobile,
          code: submitted,
          password: 'secret123',
          captcha: await solvedCaptcha(testDb.db),
        },
      });
    const wrong = await attempt(code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ code: 1, msg: 'The code is wrong or has expired' });
    await testDb.db.update(smsCodes).set({ expiresAt: new Date(NOON.getTime() - 1000) });
    expect((await attempt(code)).body.msg).toBe('The code is wrong or has expired');
    expect(await testDb.db.select().from(users).where(eq(users.mobile, mobile))).toHaveLength(0);

    const used = newMobile();
    expect((await registerUser(used)).body.code).toBe(0);
    const again = await call('/api/user/registered', {
      headers: client(),
      json: {
        mobile: `86-${used}`,
        code: await lastSmsCode(used),
        password: 'secret123',
        captcha: await solvedCaptcha(testDb.db),
      },
    });
    expect(again.body.code).toBe(1);
  });

  it('checks the password length and the form fields', async () => {
    const short = await registerUser(newMobile(), '12345');
    expect(short.body).toMatchObject({ code: 1, msg: 'Password must be at least 6 characters' });
    const zh = await call('/api/user/registered', {
      headers: client('zh-CN'),
      json: { mobile: '86-13700001234' },
    });
    expect(zh.body).toMatchObject({ code: 1, msg: '请填写验证码' });
  });

  it('links the inviter by invite code, and refuses an unknown code', async () => {
    const inviter = await makeUser(testDb.db, { inviteCode: 'INVITE22' });
    const mobile = newMobile();
    expect((await registerUser(mobile, 'secret123', { invite: 'invite22' })).body.code).toBe(0);
    const [invited] = await testDb.db.select().from(users).where(eq(users.mobile, mobile));
    expect(invited!.invitedBy).toBe(inviter.id);

    const stranger = newMobile();
    const refused = await registerUser(stranger, 'secret123', { invite: 'NOPE99' });
    expect(refused.body.msg).toBe("That invite code doesn't exist. Please check it");
    expect(await testDb.db.select().from(users).where(eq(users.mobile, stranger))).toHaveLength(0);
  });
});

describe('login', () => {
  it('returns the spec’s user fields and an httpOnly, SameSite=Lax session cookie', async () => {
    const mobile = newMobile();
    await makeUser(testDb.db, { mobile, passwordHash: await hashPassword('secret123'), isAnchor: true });
    const { body, headers } = await loginWith(mobile, 'secret123');
    expect(body.data).toMatchObject({
      is_anchor: 1,
      avatar: expect.stringContaining('/api/universal/avatar'),
      exp_icon: '/api/universal/levelIcon?level=1',
      balance: 0,
      level: 1,
    });
    expect(body.data.token.length).toBeGreaterThanOrEqual(22);
    expect(
      await verifyChatSignature(testDb.db, String(body.data.id), body.data.userSig, NOON.getTime()),
    ).toBe(true);
    const cookie = headers.get('set-cookie')!;
    expect(cookie).toMatch(/^token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await call<{ id: number }>('/api/Member/info', { headers: { token: body.data.token } });
    expect(me.body.data.id).toBe(body.data.id);
  });

  it('gives the same answer for a wrong password and an unknown number', async () => {
    const mobile = newMobile();
    await makeUser(testDb.db, { mobile, passwordHash: await hashPassword('secret123') });
    const wrong = await loginWith(mobile, 'not-the-password');
    const unknown = await loginWith(newMobile(), 'not-the-password');
    expect(wrong.body).toEqual({ code: 1, msg: 'Wrong mobile number or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('asks for missing data and refuses a malformed number', async () => {
    const missing = await call('/api/user/login', {
      headers: client('zh-CN'),
      json: { mobile: '86-13800000001', captcha: 'x' },
    });
    expect(missing.body).toMatchObject({ code: 1, msg: '请填写密码' });
    const malformed = await loginWith('abc', 'secret123');
    expect(malformed.body.msg).toBe("Mobile number isn't valid");
    const long = await loginWith('138000000011234', 'secret123');
    expect(long.body.code).toBe(1);
  });
});

describe('forgot password', () => {
  it('sets the new password and signs out every device', async () => {
    const mobile = newMobile();
    expect((await registerUser(mobile, 'old-secret')).body.code).toBe(0);
    const old = await loginWith(mobile, 'old-secret');
    await ageSends(mobile);
    await requestCode(mobile, 2);
    const { body } = await call<{ message: string }>('/api/user/forgotPassword', {
      headers: client(),
      json: {
        mobile: `86-${mobile}`,
        code: await lastSmsCode(mobile),
        password: 'new-secret',
        captcha: await solvedCaptcha(testDb.db),
      },
    });
    expect(body.data.message).toBe('Your password has been reset. Log in with the new one');
    expect((await call('/api/Member/info', { headers: { token: old.body.data.token } })).body.code).toBe(700);
    expect((await loginWith(mobile, 'old-secret')).body.code).toBe(1);
    expect((await loginWith(mobile, 'new-secret')).body.code).toBe(0);
  });

  it('keeps the password on a wrong code', async () => {
    const mobile = newMobile();
    expect((await registerUser(mobile, 'old-secret')).body.code).toBe(0);
    const { body } = await call('/api/user/forgotPassword', {
      headers: client(),
      json: {
        mobile: `86-${mobile}`,
        code: '123456',
        password: 'new-secret',
        captcha: await solvedCaptcha(testDb.db),
      },
    });
    expect(body.code).toBe(1);
    expect((await loginWith(mobile, 'old-secret')).body.code).toBe(0);
  });
});

describe('QR login', () => {
  it('goes from code to scanned to a confirmed desktop session', async () => {
    const qr = await call<{ code: string; img: string; url: string }>('/api/user/getLoginQrcode', {
      method: 'POST',
      headers: { host: 'portal.test' },
    });
    expect(qr.body.data.img).toMatch(/^data:image\/png;base64,/);
    expect(qr.body.data.url).toBe(`http://portal.test/qr-login?code=${qr.body.data.code}`);
    const { code } = qr.body.data;
    expect(await claimQrListener(testDb.db, code, 'desktop-socket', NOON)).not.toBeNull();
    expect(await claimQrListener(testDb.db, code, 'someone-else', NOON)).toBeNull();

    const phone = await makeSignedInUser(testDb.db);
    expect((await call('/api/user/scanLoginQrcode', { json: { code } })).body.code).toBe(700);
    const early = await call('/api/user/confirmLoginQrcode', {
      headers: { token: phone.token, lang: 'en' },
      json: { code },
    });
    expect(early.body.msg).toBe('Scan the QR code on your computer first');
    expect(
      (await call('/api/user/scanLoginQrcode', { headers: { token: phone.token }, json: { code } })).body
        .code,
    ).toBe(0);
    expect(
      (await call('/api/user/confirmLoginQrcode', { headers: { token: phone.token }, json: { code } })).body
        .code,
    ).toBe(0);
    const desktopSessions = await testDb.db.select().from(sessions).where(eq(sessions.userId, phone.user.id));
    expect(desktopSessions).toHaveLength(2);

    const reused = await call('/api/user/confirmLoginQrcode', {
      headers: { token: phone.token, lang: 'en' },
      json: { code },
    });
    expect(reused.body.msg).toBe('This QR code has already been used. Refresh it on your computer');
  });

  it('refuses an expired code and an unknown one', async () => {
    const qr = await call<{ code: string }>('/api/user/getLoginQrcode', { method: 'POST' });
    await testDb.db.update(qrLogins).set({ expiresAt: new Date(NOON.getTime() - 1000) });
    const phone = await makeSignedInUser(testDb.db);
    const expired = await call('/api/user/scanLoginQrcode', {
      headers: { token: phone.token, lang: 'en' },
      json: { code: qr.body.data.code },
    });
    expect(expired.body.msg).toBe('This QR code has expired. Refresh it on your computer');
    const unknown = await call('/api/user/scanLoginQrcode', {
      headers: { token: phone.token, lang: 'en' },
      json: { code: 'made-up-code-123' },
    });
    expect(unknown.body.code).toBe(1);
  });

  it('keeps a QR session only in the browser that asked for the code, once', async () => {
    const qrCookieOf = (headers: Headers) => /qr_login=([^;]+)/.exec(headers.get('set-cookie') ?? '')?.[1];
    const desktop = await call<{ code: string }>('/api/user/getLoginQrcode', { method: 'POST' });
    const desktopCookie = `qr_login=${qrCookieOf(desktop.headers)}`;
    expect(desktop.headers.get('set-cookie')).toMatch(
      /qr_login=[\w-]{22,}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    // Another browser (the attacker's) asks for codes of its own.
    const other = await call<{ code: string }>('/api/user/getLoginQrcode', { method: 'POST' });
    const otherCookie = `qr_login=${qrCookieOf(other.headers)}`;
    expect(otherCookie).not.toBe(desktopCookie);
    // The same browser keeps its key when it refreshes the code.
    const refreshed = await call('/api/user/getLoginQrcode', {
      method: 'POST',
      headers: { cookie: desktopCookie },
    });
    expect(`qr_login=${qrCookieOf(refreshed.headers)}`).toBe(desktopCookie);

    const phone = await makeSignedInUser(testDb.db);
    const { code } = desktop.body.data;
    await call('/api/user/scanLoginQrcode', { headers: { token: phone.token }, json: { code } });
    // The token the websocket hands to the desktop on confirmation.
    const { token } = await confirmQrLogin(testDb.db, code, phone.user.id, NOON);
    const [row] = await testDb.db.select().from(qrLogins).where(eq(qrLogins.userId, phone.user.id));
    expect(row?.sessionTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const fromOther = await call('/api/user/useToken', {
      headers: { cookie: otherCookie, lang: 'en' },
      json: { token },
    });
    expect(fromOther.status).toBe(403);
    expect(fromOther.body.msg).toBe(
      'This sign-in was started in another browser. Scan the QR code shown in this browser',
    );
    expect(fromOther.headers.get('set-cookie')).toBeNull();
    const withoutCookie = await call('/api/user/useToken', { json: { token } });
    expect(withoutCookie.status).toBe(403);

    const used = await call('/api/user/useToken', {
      headers: { cookie: desktopCookie, [PEER_HEADER]: '10.9.9.9', 'user-agent': 'DesktopBrowser/1.0' },
      json: { token },
    });
    expect(used.body.code).toBe(0);
    expect(used.headers.get('set-cookie')).toContain('HttpOnly');
    // The session is the desktop's: its address, browser and device, and the desktop is now a known device.
    const [session] = await testDb.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session).toMatchObject({ address: '10.9.9.9', userAgent: 'DesktopBrowser/1.0' });
    const known = await readKnownDevice(
      testDb.db,
      /known_device=([^;]+)/.exec(used.headers.get('set-cookie') ?? '')?.[1],
    );
    expect(known).toEqual({ userId: phone.user.id, deviceId: session!.deviceId });
    const again = await call('/api/user/useToken', { headers: { cookie: desktopCookie }, json: { token } });
    expect(again.status).toBe(403);
    // A session that did not come from this browser's QR code is refused too (login CSRF).
    const foreign = await call('/api/user/useToken', {
      headers: { cookie: desktopCookie },
      json: { token: phone.token },
    });
    expect(foreign.status).toBe(403);
    const dead = await call('/api/user/useToken', { json: { token: 'x'.repeat(40) } });
    expect(dead.body.code).toBe(700);
    // Three QR images are drawn: 24 s alone at a load average of 25 on 2 cores.
  }, 120_000);
});

describe('sign-out and guests', () => {
  it('revokes the session and clears the cookie', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const out = await call('/api/Member/SignOut', { method: 'POST', headers: { token } });
    expect(out.body.code).toBe(0);
    expect(out.headers.get('set-cookie')).toMatch(/^token=;/);
    expect((await call('/api/Member/info', { headers: { token } })).body.code).toBe(700);
  });

  it('gives a guest a tourist chat account, and refuses one to a signed-in user', async () => {
    const { body } = await call<{ id: string; sig: string }>('/api/Universal/imTouristAccount');
    expect(body.data.id).toMatch(/^tourist_[0-9a-f]{16}$/);
    expect(await verifyChatSignature(testDb.db, body.data.id, body.data.sig, NOON.getTime())).toBe(true);
    expect(await verifyChatSignature(testDb.db, 'tourist_other', body.data.sig, NOON.getTime())).toBe(false);
    const { token } = await makeSignedInUser(testDb.db);
    const refused = await call('/api/Universal/imTouristAccount', { headers: { token, lang: 'en' } });
    expect(refused.body.msg).toBe("You're signed in, so no guest account is needed");
  });
});

describe('passwords', () => {
  it('are argon2id with 19 MiB and 2 passes', async () => {
    expect(await hashPassword('secret123')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
