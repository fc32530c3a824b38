import { revokeSession } from '@/lib/accounts/session';
import { apiCaller, type Envelope } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { type ApiApp, createApiApp } from './api-app';

let testDb: TestDb;
let app: ApiApp;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

const call = apiCaller(() => app);

describe('envelope', () => {
  it('answers code 0 with the data of the system config', async () => {
    const { status, body } = await call<{
      CountryCode: { code: string; name: string }[];
      customer_service_email: string;
    }>('/api/universal/systemConfig', { headers: { lang: 'en' } });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.CountryCode).toContainEqual(expect.objectContaining({ code: '86', name: 'China' }));
    expect(body.data.customer_service_email).toContain('@');
  });

  it('matches the spec paths whatever their case', async () => {
    for (const path of [
      '/api/Universal/SystemConfig',
      '/api/UNIVERSAL/systemconfig',
      '/api/user/GETKEFUINFO',
    ]) {
      const { body } = await call(path, { method: path.includes('KEFU') ? 'POST' : 'GET' });
      expect(body.code).toBe(0);
    }
  });

  it('answers an unknown path with code 1 and a translated message', async () => {
    const { status, body } = await call('/api/nothing/here', { headers: { lang: 'en' } });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 1, msg: "What you asked for doesn't exist", data: null });
  });
});

describe('sessions and permissions', () => {
  it('answers 700 without a session, in the reader’s language', async () => {
    const zh = await call('/api/Member/info');
    expect(zh.body.code).toBe(700);
    expect(zh.body.msg).toBe('请登录后重试');
    const en = await call('/api/Member/info', { headers: { cookie: 'NEXT_LOCALE=en' } });
    expect(en.body.msg).toBe('Please sign in and try again');
  });

  it('reads the token from the header or the cookie, and refuses it once revoked', async () => {
    const { user, token } = await makeSignedInUser(testDb.db, { nickname: '测试球迷' });
    const byHeader = await call<{ id: number; user_nickname: string }>('/api/member/info', {
      headers: { token },
    });
    expect(byHeader.body).toMatchObject({
      code: 0,
      data: { id: user.id, user_nickname: '测试球迷', is_anchor: 0 },
    });
    const byCookie = await call('/api/member/info', { headers: { cookie: `token=${token}` } });
    expect(byCookie.body.code).toBe(0);

    await revokeSession(testDb.db, token, NOON);
    expect((await call('/api/member/info', { headers: { token } })).body.code).toBe(700);
  });

  it('keeps operator routes to operators', async () => {
    const { token } = await makeSignedInUser(testDb.db);
    const { status, body } = await call('/api/admin/popup/list', { headers: { token, lang: 'en' } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 1, msg: "Your account doesn't have permission for this" });
  });
});

describe('pop-ups', () => {
  it('serves none by default and what an operator configured, in the reader’s language', async () => {
    const fresh = await createTestDb();
    const freshApp = createApiApp({ db: () => fresh.db, clock: () => NOON });
    try {
      const empty = await freshApp.request('/api/banner/popList', { method: 'POST' });
      expect(await empty.json()).toEqual({ code: 0, msg: '', data: [] });

      const { token } = await makeSignedInUser(fresh.db, { role: 'operator' });
      const saved = await freshApp.request('/api/admin/popup/save', {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: { 'zh-CN': '世界杯开幕', en: 'World Cup kicks off' },
          body: { 'zh-CN': '今晚直播' },
        }),
      });
      const savedBody = (await saved.json()) as Envelope<{ id: number }>;
      expect(savedBody.code).toBe(0);

      const listed = await freshApp.request('/api/banner/popList', {
        method: 'POST',
        headers: { lang: 'en' },
      });
      expect(((await listed.json()) as Envelope).data).toEqual([
        { id: savedBody.data.id, title: 'World Cup kicks off', content: '今晚直播', image: null, url: null },
      ]);

      // Form bodies work too (the spec's POST calls carry a body of either kind).
      const deleted = await freshApp.request('/api/admin/popup/delete', {
        method: 'POST',
        headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${savedBody.data.id}`,
      });
      expect(((await deleted.json()) as Envelope).code).toBe(0);
      const again = await freshApp.request('/api/admin/popup/delete', {
        method: 'POST',
        headers: { token, 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
        body: `id=${savedBody.data.id}`,
      });
      expect(await again.json()).toMatchObject({
        code: 1,
        msg: "That pop-up doesn't exist or has been deleted",
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('bad input', () => {
  let operatorToken: string;
  beforeAll(async () => {
    operatorToken = (await makeSignedInUser(testDb.db, { role: 'operator' })).token;
  });

  it('names the missing field in the reader’s language and changes nothing', async () => {
    const en = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken, lang: 'en' },
      json: { body: { en: 'x' } },
    });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: 1, msg: 'Title is required', data: null });
    const zh = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken },
      json: { body: { en: 'x' } },
    });
    expect(zh.body.msg).toBe('请填写标题');
    const list = await call<unknown[]>('/api/admin/popup/list', { headers: { token: operatorToken } });
    expect(list.body.data).toEqual([]);
  });

  it('explains limits and formats', async () => {
    const tooBig = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken, lang: 'en' },
      json: { title: { en: 'a' }, body: { en: 'b' }, sort: 100000 },
    });
    expect(tooBig.body.msg).toBe('Order can be at most 9999');
    const badUrl = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken, lang: 'en' },
      json: { title: { en: 'a' }, body: { en: 'b' }, linkUrl: 'not a url' },
    });
    expect(badUrl.body.msg).toBe('Link URL must be an http(s) address or a path of this site');
  });

  it('stores only http(s) addresses or portal paths as pop-up links and images', async () => {
    for (const [field, value] of [
      ['linkUrl', 'javascript:alert(document.cookie)'],
      ['imageUrl', 'javascript:alert(1)'],
      ['imageUrl', 'data:text/html,<script>alert(1)</script>'],
      ['linkUrl', 'vbscript:msgbox(1)'],
      ['linkUrl', '//evil.example/phish'],
    ]) {
      const refused = await call('/api/admin/popup/save', {
        method: 'POST',
        headers: { token: operatorToken, lang: 'en' },
        json: { title: { en: 'a' }, body: { en: 'b' }, [field as string]: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/must be an http\(s\) address or a path of this site$/);
    }
    const saved = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken, lang: 'en' },
      json: {
        title: { en: 'a' },
        body: { en: 'b' },
        linkUrl: '/live?id=3',
        imageUrl: 'https://cdn.example/p.png',
      },
    });
    expect(saved.body.code).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const { status, body } = await call('/api/admin/popup/save', {
      method: 'POST',
      headers: { token: operatorToken, lang: 'en', 'content-type': 'application/json' },
      body: '{"title":',
    });
    expect(status).toBe(400);
    expect(body.msg).toBe("The request body isn't valid JSON");
  });
});

describe('unknown errors', () => {
  it('are answered generically, with a request id and no internal detail', async () => {
    const failing = createApiApp({ db: () => testDb.db, clock: () => NOON });
    failing.get('/api/boom', () => {
      throw new Error('connection to 10.0.0.5 refused for user admin');
    });
    const response = await failing.request('/api/boom', { headers: { lang: 'en' } });
    const body = (await response.json()) as Envelope<{ requestId: string }>;
    expect(response.status).toBe(500);
    expect(body.code).toBe(1);
    expect(body.msg).toBe('Something went wrong on our side. Please try again later.');
    expect(JSON.stringify(body)).not.toContain('10.0.0.5');
    expect(body.data.requestId).toMatch(/\S+/);
  });
});
