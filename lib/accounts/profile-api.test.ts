import { eq } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { uploads } from '@/lib/storage/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { AVATAR_CHOICES, avatarOf } from './avatars';
import { checkCnId, cnIdCheckCharacter, maskIdNumber, maskMobile, maskName } from './identity';
import { verifyPassword } from './password';
import { identityVerifications, users } from './schema';

let testDb: TestDb;
let app: ApiApp;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

const request = apiCaller(() => app);

/** Every call here speaks Chinese unless told otherwise, with the session token when given. */
function call<T = Record<string, unknown>>(
  path: string,
  options: { token?: string; json?: unknown; lang?: string; method?: 'GET' | 'POST' } = {},
) {
  return request<T>(path, {
    method: options.method,
    json: options.json,
    headers: { lang: options.lang ?? 'zh-CN', ...(options.token ? { token: options.token } : {}) },
  });
}

async function userRow(id: number) {
  const [row] = await testDb.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A valid resident ID number built from its first 17 digits. */
const validCnId = (first17: string) => first17 + cnIdCheckCharacter(first17);

describe('avatars and level badges', () => {
  it('lists avatar choices that each draw an SVG kept for a long time', async () => {
    const { body } = await call<string[]>('/api/user/avatarList');
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(16);
    expect(new Set(body.data).size).toBe(16);
    const response = await app.request(body.data[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toMatch(/^<svg/);
    // Same address, same picture; matched whatever the case of the path.
    const again = await app.request(body.data[0]!.replace('/universal/avatar', '/Universal/Avatar'));
    expect(again.status).toBe(200);
  });

  it('answers an unknown style with a 404 envelope', async () => {
    const response = await app.request('/api/universal/avatar?style=nope&seed=x', {
      headers: { lang: 'en' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 1, msg: "What you asked for doesn't exist", data: null });
  });

  it('draws level badges with the number and refuses levels that do not exist', async () => {
    const badge = await app.request('/api/universal/levelIcon?level=23');
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toContain('image/svg+xml');
    expect(await badge.text()).toContain('>23</text>');
    for (const level of ['0', '61', 'x', '2.5', '0x10', '1e1', '%2010']) {
      expect((await app.request(`/api/universal/levelIcon?level=${level}`)).status).toBe(404);
    }
  });

  it('gives users without an avatar a stable picture of their own', () => {
    expect(avatarOf({ id: 7, avatar: '' })).toBe(avatarOf({ id: 7, avatar: '' }));
    expect(avatarOf({ id: 7, avatar: '' })).not.toBe(avatarOf({ id: 8, avatar: '' }));
    expect(avatarOf({ id: 7, avatar: AVATAR_CHOICES[3]! })).toBe(AVATAR_CHOICES[3]);
  });
});

describe('api/member/updateInfo', () => {
  it('needs a session', async () => {
    const { body } = await call('/api/member/updateInfo', { json: { user_nickname: '新名字' } });
    expect(body.code).toBe(700);
  });

  it('changes only the fields sent', async () => {
    const { user, token } = await makeSignedInUser(testDb.db, {
      nickname: '老名字',
      signature: '原签名',
      gender: 1,
    });
    const { body } = await call('/api/Member/UpdateInfo', { token, json: { user_nickname: '  绿茵场边  ' } });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ user_nickname: '绿茵场边', signature: '原签名', gender: 1 });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ nickname: '绿茵场边', signature: '原签名', gender: 1, birthday: null });
  });

  it('saves every field at once', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const avatar = AVATAR_CHOICES[5]!;
    const { body } = await call('/api/member/updateInfo', {
      token,
      json: { user_nickname: 'Kop End', avatar, signature: 'YNWA', gender: 2, birthday: '1992-05-26' },
    });
    expect(body.code).toBe(0);
    expect(await userRow(user.id)).toMatchObject({
      nickname: 'Kop End',
      avatar,
      signature: 'YNWA',
      gender: 2,
      birthday: '1992-05-26',
    });
  });

  it('accepts the user’s own uploaded avatar, never someone else’s', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const other = await makeSignedInUser(testDb.db);
    const picture = (userId: number, id: string) => ({
      userId,
      purpose: 'avatar',
      key: `avatar/${id}.webp`,
      url: `/uploads/avatar/${id}.webp`,
      bytes: 100,
      width: 256,
      height: 256,
    });
    await testDb.db
      .insert(uploads)
      .values([picture(user.id, 'a'.repeat(32)), picture(other.user.id, 'b'.repeat(32))]);
    const own = await call('/api/member/updateInfo', {
      token,
      json: { avatar: `/uploads/avatar/${'a'.repeat(32)}.webp` },
    });
    expect(own.body.code).toBe(0);
    const theirs = await call('/api/member/updateInfo', {
      token,
      lang: 'en',
      json: { avatar: `/uploads/avatar/${'b'.repeat(32)}.webp` },
    });
    expect(theirs.body.msg).toBe('Please pick one of the avatars offered');
    expect((await userRow(user.id)).avatar).toBe(`/uploads/avatar/${'a'.repeat(32)}.webp`);
  });

  it.each([
    [{ user_nickname: 'a' }, 'Nickname must be at least 2 characters'],
    [{ user_nickname: 'x'.repeat(17) }, 'Nickname can be at most 16 characters'],
    [{ user_nickname: 'ab\u0007cd' }, "Nickname isn't valid"],
    [{ signature: 's'.repeat(61) }, 'Bio can be at most 60 characters'],
    [{ gender: 3 }, "Gender isn't one of the allowed values"],
    [{ birthday: '2001-02-30' }, "Birthday isn't valid"],
    [{ birthday: '1899-12-31' }, 'Birthday must be between 1 January 1900 and today'],
    [{ birthday: '2999-01-01' }, 'Birthday must be between 1 January 1900 and today'],
    [{ avatar: 'https://elsewhere.example/me.png' }, 'Please pick one of the avatars offered'],
    // A good field beside a bad one: the whole call is refused.
    [{ user_nickname: '好名字', gender: 9 }, "Gender isn't one of the allowed values"],
  ])('refuses %j with a field message and changes nothing', async (json, message) => {
    const { user, token } = await makeSignedInUser(testDb.db, { nickname: '不变', signature: '签名' });
    const before = await userRow(user.id);
    const { status, body } = await call('/api/member/updateInfo', { token, json, lang: 'en' });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 1, msg: message, data: null });
    expect(await userRow(user.id)).toEqual(before);
  });

  it('words field messages in Chinese by default', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const { body } = await call('/api/member/updateInfo', { token, json: { user_nickname: 'a' } });
    expect(body.msg).toBe('昵称至少需要 2 个字符');
  });
});

describe('api/User/getUserInfo', () => {
  it('shows anyone a public profile by uid, and nothing private', async () => {
    const user = await makeUser(testDb.db, { nickname: '公开主播', isAnchor: true, experience: 1000 });
    const { body } = await call(`/api/User/getUserInfo?uid=${user.id}`);
    expect(body.code).toBe(0);
    expect(body.data).toEqual({
      id: user.id,
      user_nickname: '公开主播',
      avatar: avatarOf(user),
      signature: '',
      level: 5,
      exp_icon: '/api/universal/levelIcon?level=5',
      is_anchor: 1,
    });
  });

  it('answers an unknown uid with not found', async () => {
    const { status, body } = await call('/api/user/getuserinfo?uid=999999', { lang: 'en' });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 1, msg: "That user doesn't exist", data: null });
  });

  it('refuses a uid that is not a number', async () => {
    const { body } = await call('/api/user/getUserInfo?uid=abc', { lang: 'en' });
    expect(body).toEqual({ code: 1, msg: 'User ID must be a number written in digits', data: null });
  });

  it('shows the signed-in user the whole profile, with the mobile masked', async () => {
    const { user, token } = await makeSignedInUser(testDb.db, {
      mobile: '13812340001',
      experience: 1234,
      inviteCode: 'KICK2026',
      birthday: '2000-01-02',
    });
    const { body } = await call('/api/User/getUserInfo', { token });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      id: user.id,
      mobile: '138****0001',
      country_code: '86',
      gender: 0,
      birthday: '2000-01-02',
      experience: 123.4,
      level: 5,
      next_level_experience: 150,
      invite_code: 'KICK2026',
      has_payment_password: 0,
      verified: 'none',
      balance: 0,
    });
    expect(new Date(body.data.created_at as string).getTime()).toBeCloseTo(user.createdAt.getTime(), -3);
    expect(JSON.stringify(body.data)).not.toContain('13812340001');
  });

  it('answers 700 without uid and without a session', async () => {
    const { body } = await call('/api/User/getUserInfo');
    expect(body).toEqual({ code: 700, msg: '请登录后重试', data: null });
    expect((await call('/api/User/getUserInfo?uid=')).body.code).toBe(700);
  });
});

describe('real-name verification', () => {
  it('needs a session', async () => {
    expect((await call('/api/Member/verified', { json: {} })).body.code).toBe(700);
    expect((await call('/api/Member/getVerifiedInfo', { json: {} })).body.code).toBe(700);
  });

  it('knows the GB 11643 check character and plausible birth dates', () => {
    expect(cnIdCheckCharacter('11010519491231002')).toBe('X');
    expect(checkCnId('11010519491231002X', NOON)).toEqual({ status: 'succeeded' });
    expect(checkCnId('110105194912310021', NOON)).toEqual({ status: 'failed', reason: 'IDENTITY_CHECKSUM' });
    expect(checkCnId(validCnId('11010518991231002'), NOON)).toEqual({
      status: 'failed',
      reason: 'IDENTITY_BIRTH_DATE',
    });
    expect(checkCnId(validCnId('11010520010229002'), NOON)).toEqual({
      status: 'failed',
      reason: 'IDENTITY_BIRTH_DATE',
    });
    expect(checkCnId(validCnId('11010529990101002'), NOON)).toEqual({
      status: 'failed',
      reason: 'IDENTITY_BIRTH_DATE',
    });
    expect(checkCnId('01010519491231002X', NOON)).toEqual({ status: 'failed', reason: 'IDENTITY_FORMAT' });
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskMobile('13800000001')).toBe('138****0001');
  });

  it('reports none, keeps a failed check, takes a corrected one and then refuses changes', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const none = await call('/api/Member/getVerifiedInfo', { token, json: {} });
    expect(none.body.data).toEqual({
      status: 'none',
      real_name: null,
      id_type: null,
      id_number: null,
      reason: null,
    });

    const wrong = await call('/api/Member/verified', {
      token,
      json: { real_name: '张三', id_type: 'cn_id', id_number: '110105194912310021' },
    });
    expect(wrong.body.code).toBe(0);
    expect(wrong.body.data).toMatchObject({
      status: 'failed',
      reason: '身份证号码校验位不正确，请检查是否输错。',
    });
    const failed = await call('/api/Member/getVerifiedInfo', { token, json: {}, lang: 'en' });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      reason: "The ID number's check digit is wrong. Please look for a typo.",
    });

    const good = await call('/api/Member/verified', {
      token,
      json: { real_name: ' 张三 ', id_type: 'cn_id', id_number: '11010519491231002x' },
    });
    expect(good.body.data).toEqual({
      status: 'succeeded',
      real_name: '张*',
      id_type: 'cn_id',
      id_number: '110***********002X',
      reason: null,
    });
    const [stored] = await testDb.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.id));
    expect(stored).toMatchObject({ realName: '张三', idNumber: '11010519491231002X', status: 'succeeded' });

    const again = await call('/api/Member/verified', {
      token,
      lang: 'en',
      json: { real_name: '李四', id_type: 'passport', id_number: 'E12345678' },
    });
    expect(again.body).toEqual({
      code: 1,
      msg: "Your ID is already verified and can't be sent again",
      data: null,
    });
    const info = await call('/api/User/getUserInfo', { token });
    expect(info.body.data.verified).toBe('succeeded');
    expect((await call('/api/Member/getVerifiedInfo', { token, json: {} })).body.data.real_name).toBe('张*');
  });

  it('accepts passports', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const { body } = await call('/api/Member/verified', {
      token,
      json: { real_name: 'Nguyen Van An', id_type: 'passport', id_number: 'c1234567' },
    });
    expect(body.data).toMatchObject({
      status: 'succeeded',
      real_name: 'N************',
      id_number: 'C12*4567',
    });
  });

  it.each([
    [{ id_type: 'cn_id', id_number: validCnId('11010519900101123') }, 'Legal name is required'],
    [
      { real_name: '张', id_type: 'cn_id', id_number: validCnId('11010519900101123') },
      'Legal name must be at least 2 characters',
    ],
    [{ real_name: '张三', id_type: 'driver', id_number: 'X1' }, "ID type isn't one of the allowed values"],
    [{ real_name: '张三', id_type: 'cn_id', id_number: '' }, 'ID number must be at least 5 characters'],
  ])('refuses %j and stores nothing', async (json, message) => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const { body } = await call('/api/Member/verified', { token, json, lang: 'en' });
    expect(body).toEqual({ code: 1, msg: message, data: null });
    const stored = await testDb.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.id));
    expect(stored).toEqual([]);
  });
});

describe('api/Member/paymentPassword', () => {
  it('needs a session', async () => {
    const { body } = await call('/api/Member/paymentPassword', {
      json: { password: '123456', confirm_password: '123456' },
    });
    expect(body.code).toBe(700);
  });

  it.each([
    [{ password: '123456', confirm_password: '123457' }, '两次输入的支付密码不一致'],
    [{ password: '12345', confirm_password: '12345' }, '支付密码须为 6–12 位数字'],
    [{ password: '12ab56', confirm_password: '12ab56' }, '支付密码须为 6–12 位数字'],
    [{ password: '1234567890123', confirm_password: '1234567890123' }, '支付密码须为 6–12 位数字'],
    [{ confirm_password: '123456' }, '请填写密码'],
  ])('refuses %j and stores nothing', async (json, message) => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const { body } = await call('/api/Member/paymentPassword', { token, json });
    expect(body).toEqual({ code: 1, msg: message, data: null });
    expect((await userRow(user.id)).paymentPasswordHash).toBeNull();
  });

  it('sets a password once, then changes it only with the old one', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const set = await call('/api/Member/paymentPassword', {
      token,
      json: { password: '246810', confirm_password: '246810' },
    });
    expect(set.body).toEqual({ code: 0, msg: '', data: { has_payment_password: 1 } });
    const hash = (await userRow(user.id)).paymentPasswordHash!;
    expect(await verifyPassword(hash, '246810')).toBe(true);
    expect((await call('/api/User/getUserInfo', { token })).body.data.has_payment_password).toBe(1);

    const withoutOld = await call('/api/Member/paymentPassword', {
      token,
      json: { password: '13579135', confirm_password: '13579135' },
    });
    expect(withoutOld.body.msg).toBe('请输入原支付密码');
    const wrongOld = await call('/api/Member/paymentPassword', {
      token,
      json: { password: '13579135', confirm_password: '13579135', old_password: '000000' },
    });
    expect(wrongOld.body.msg).toBe('原支付密码不正确');
    expect((await userRow(user.id)).paymentPasswordHash).toBe(hash);

    const changed = await call('/api/Member/paymentPassword', {
      token,
      json: { password: '13579135', confirm_password: '13579135', old_password: '246810' },
    });
    expect(changed.body.code).toBe(0);
    expect(await verifyPassword((await userRow(user.id)).paymentPasswordHash!, '13579135')).toBe(true);
  });
});

describe('api/member/timeZone', () => {
  it('keeps a chosen zone on the account (the session carries it), and automatic clears it', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const chosen = await call<{ time_zone: string }>('/api/member/timeZone', {
      token,
      json: { time_zone: 'asia/tokyo' },
    });
    expect(chosen.body).toMatchObject({ code: 0, data: { time_zone: 'Asia/Tokyo' } });
    expect((await userRow(user.id)).timeZone).toBe('Asia/Tokyo');
    const { findSessionUser } = await import('./session');
    expect((await findSessionUser(testDb.db, token, NOON))?.timeZone).toBe('Asia/Tokyo');

    const automatic = await call('/api/member/timeZone', { token, json: { time_zone: '' } });
    expect(automatic.body).toMatchObject({ code: 0, data: { time_zone: '' } });
    expect((await userRow(user.id)).timeZone).toBeNull();
  });

  it('refuses a zone nobody knows in the reader’s words and changes nothing', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    await call('/api/member/timeZone', { token, json: { time_zone: 'Europe/London' } });
    for (const [lang, msg] of [
      ['zh-CN', '不认识这个时区，请从列表中选择'],
      ['en', 'That time zone isn’t one we know. Choose one from the list.'],
    ] as const) {
      const { body } = await call('/api/member/timeZone', {
        token,
        lang,
        json: { time_zone: 'Mars/Olympus' },
      });
      expect(body.code).not.toBe(0);
      expect(body.msg).toBe(msg);
    }
    expect((await userRow(user.id)).timeZone).toBe('Europe/London');
    const { body } = await call('/api/member/timeZone', { json: { time_zone: 'Asia/Tokyo' } });
    expect(body.code).toBe(700);
  });
});
