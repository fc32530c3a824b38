import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { cnIdCheckCharacter } from '@/lib/accounts/identity';
import { smsOutbox, users } from '@/lib/accounts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { solvedCaptcha } from '@/lib/testing/captcha';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { withTemporaryStorage } from '@/lib/testing/storage';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());
withTemporaryStorage();

const validId = (() => {
  const first17 = '11010519491231002';
  return first17 + cnIdCheckCharacter(first17);
})();

async function idPhoto(token: string) {
  const grant = await call<{ token: string }>('/api/Member/getQiniuToken', {
    headers: { token },
    json: { purpose: 'identity' },
  });
  const form = new FormData();
  form.set('token', grant.body.data.token);
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ddd' } })
    .png()
    .toBuffer();
  form.set('file', new File([new Uint8Array(png)], 'id.png'));
  const stored = await call<{ key: string; url: string }>('/api/upload', {
    method: 'POST',
    headers: { token },
    body: form,
  });
  return stored.body.data;
}

async function ownCode(token: string, mobile: string) {
  await call('/api/Member/sendOwnCode', {
    headers: { token },
    json: { captcha: await solvedCaptcha(testDb.db) },
  });
  const [message] = await testDb.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, `+86 ${mobile}`))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return message!.body.match(/\d{6}/)![0];
}

async function apply(token: string, mobile: string, overrides: object = {}) {
  const photo = await idPhoto(token);
  return call<{ status: string }>('/api/Member/applyChannel', {
    headers: { token, lang: 'en' },
    json: {
      real_name: '张三',
      contact: 'zhangsan@example.com',
      id_number: validId,
      id_photo: photo.key,
      experience: '解说中超五年，熟悉英超和西甲，每周直播三场以上。',
      code: await ownCode(token, mobile),
      ...overrides,
    },
  });
}

describe('anchor applications', () => {
  it('goes from application to approval, and the user becomes an anchor', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const { body } = await apply(token, user.mobile);
    expect(body).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect((await call('/api/Member/getApplyChannel', { headers: { token } })).body.data).toMatchObject({
      status: 'pending',
    });
    const again = await apply(token, user.mobile);
    expect(again.body.msg).toBe('Your application is already being reviewed');

    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    // Decided in the review queue (lib/review).
    const list = await queueList(call, operator.token, 'anchorApplication', 'size=100');
    const mine = list.body.data.list.find((row) => row.user_id === user.id)!;
    const photo = await app.request(`/api/admin/anchorApplication/photo?id=${mine.id}`, {
      headers: { token: operator.token },
    });
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const refused = await app.request(`/api/admin/anchorApplication/photo?id=${mine.id}`, {
      headers: { token },
    });
    expect(refused.status).toBe(403);

    const review = await decideInQueue(call, operator.token, 'anchorApplication', mine.id, true);
    expect(review.body.data.results[0]).toMatchObject({ ok: true });
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isAnchor).toBe(true);
    const twice = await decideInQueue(call, operator.token, 'anchorApplication', mine.id, false);
    expect(twice.body.msg).toBe('This application has already been reviewed');
  });

  it('a refusal keeps its reason and the user can apply again', async () => {
    const { user, token } = await makeSignedInUser(testDb.db);
    expect((await apply(token, user.mobile)).body.code).toBe(0);
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const list = await queueList(call, operator.token, 'anchorApplication', 'size=100');
    const id = list.body.data.list.find((row) => row.user_id === user.id)!.id;
    const noReason = await decideInQueue(call, operator.token, 'anchorApplication', id, false, { note: '' });
    expect(noReason.body.code).toBe(1);
    await decideInQueue(call, operator.token, 'anchorApplication', id, false, {
      reasonCode: 'incomplete',
      note: '证件照片不清晰',
    });
    expect((await call('/api/Member/getApplyChannel', { headers: { token } })).body.data).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('证件照片不清晰'),
    });
    await testDb.db.execute(`delete from rate_limits where key like 'sms:resend:%'`);
    expect((await apply(token, user.mobile)).body.data.status).toBe('pending');
  });

  it.each([
    [{ experience: '太短了' }, 'Streaming experience must be at least 15 characters'],
    [{ id_number: '110105194912310021' }, "ID number isn't valid"],
    [{ real_name: '' }, 'Legal name must be at least 2 characters'],
    [{ code: '000000' }, null],
  ])('refuses %j and stores nothing', async (overrides, message) => {
    const { user, token } = await makeSignedInUser(testDb.db);
    const { body } = await apply(token, user.mobile, overrides);
    expect(body.code).toBe(1);
    if (message) expect(body.msg).toBe(message);
    expect(
      (await call<{ status: string }>('/api/Member/getApplyChannel', { headers: { token } })).body.data
        .status,
    ).toBe('none');
  });

  it('refuses an ID photo that is not the applicant’s, anchors, and guests', async () => {
    const owner = await makeSignedInUser(testDb.db);
    const photo = await idPhoto(owner.token);
    const thief = await makeSignedInUser(testDb.db);
    const { body } = await call('/api/Member/applyChannel', {
      headers: { token: thief.token, lang: 'en' },
      json: {
        real_name: '李四',
        contact: '13900000000',
        id_number: validId,
        id_photo: photo.key,
        experience: '我有很多年的篮球解说经验，也做过电竞直播。',
        code: await ownCode(thief.token, thief.user.mobile),
      },
    });
    expect(body.msg).toBe('Please upload a photo of your ID first');
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    expect((await apply(anchor.token, anchor.user.mobile)).body.msg).toBe("You're already a streamer");
    expect((await call('/api/Member/applyChannel', { json: {} })).body.code).toBe(700);
    // The private photo is never served publicly.
    expect(photo.url).toBe('');
  });
});

describe('follows', () => {
  it('follows and unfollows an anchor, listing live rooms first', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const follow = await call('/api/Member/attention', {
      headers: { token: fan.token },
      json: { anchor_id: anchor.user.id },
    });
    expect(follow.body.data).toEqual({ followed: true, fans: 1 });
    const list = await call<{ anchor_id: number; status: string }[]>('/api/User/attentionList', {
      headers: { token: fan.token },
    });
    expect(list.body.data).toEqual([expect.objectContaining({ anchor_id: anchor.user.id, status: 'idle' })]);
    const toggled = await call('/api/Member/attention', {
      headers: { token: fan.token },
      json: { anchor_id: anchor.user.id },
    });
    expect(toggled.body.data).toEqual({ followed: false, fans: 0 });
    const explicit = await call('/api/Member/attention', {
      headers: { token: fan.token },
      json: { anchor_id: anchor.user.id, type: 0 },
    });
    expect(explicit.body.data).toEqual({ followed: false, fans: 0 });
  });

  it('refuses following yourself, a non-anchor, an unknown user, and guests', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const plain = await makeSignedInUser(testDb.db);
    const headers = { token: anchor.token, lang: 'en' };
    expect(
      (await call('/api/Member/attention', { headers, json: { anchor_id: anchor.user.id } })).body.msg,
    ).toBe("You can't follow yourself");
    expect(
      (await call('/api/Member/attention', { headers, json: { anchor_id: plain.user.id } })).body.msg,
    ).toBe("That user isn't a streamer");
    expect((await call('/api/Member/attention', { headers, json: { anchor_id: 99999999 } })).body.msg).toBe(
      "That user doesn't exist",
    );
    expect((await call('/api/Member/attention', { json: { anchor_id: anchor.user.id } })).body.code).toBe(
      700,
    );
  });
});

describe('the 18+ age confirmation', () => {
  it('remembers the answer and returns to a path of this site only', async () => {
    const ok = await app.request('/api/live/confirmAdult?next=%2Fen%2Fanchor%3Ftype%3D3');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/en/anchor?type=3');
    expect(ok.headers.get('set-cookie')).toMatch(/^adult_ok=1;.*HttpOnly/);
    const evil = await app.request('/api/live/confirmAdult?next=%2F%2Fevil.example');
    expect(evil.headers.get('location')).toBe('/anchor?type=3');
  });
});
