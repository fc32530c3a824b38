import { solvedCaptcha } from '@/lib/testing/captcha';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { altchaProvider } from './captcha';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe('ALTCHA captcha', () => {
  it('accepts a solved challenge once', async () => {
    const payload = await solvedCaptcha(testDb.db);
    await expect(altchaProvider.verify(testDb.db, payload)).resolves.toEqual({ level: 0 });
    await expect(altchaProvider.verify(testDb.db, payload)).rejects.toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('answers the level the challenge was made for, which a solver cannot change', async () => {
    const hard = await solvedCaptcha(testDb.db, 2);
    await expect(altchaProvider.verify(testDb.db, hard)).resolves.toEqual({ level: 2 });
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(testDb.db), 'base64').toString());
    payload.challenge.parameters.data = { level: 6 };
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    await expect(altchaProvider.verify(testDb.db, forged)).rejects.toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('refuses a wrong answer, a test payload and garbage', async () => {
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(testDb.db), 'base64').toString());
    payload.solution.derivedKey = payload.solution.derivedKey.replace(/.$/, (last: string) =>
      last === '0' ? '1' : '0',
    );
    const wrong = Buffer.from(JSON.stringify(payload)).toString('base64');
    await expect(altchaProvider.verify(testDb.db, wrong)).rejects.toMatchObject({ code: 'CAPTCHA_FAILED' });
    const test = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString(
      'base64',
    );
    await expect(altchaProvider.verify(testDb.db, test)).rejects.toMatchObject({ code: 'CAPTCHA_FAILED' });
    await expect(altchaProvider.verify(testDb.db, 'not base64 json')).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
  });
});
