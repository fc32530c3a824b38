import { solvedCaptcha } from '@/lib/testing/captcha';
import { NOON, shifted } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { altchaProvider, CAPTCHA_TTL_SECONDS } from './captcha';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

describe('ALTCHA captcha', () => {
  it('accepts a solved challenge once', async () => {
    const payload = await solvedCaptcha(testDb.db);
    await expect(altchaProvider.verify(testDb.db, payload, NOON)).resolves.toEqual({ level: 0 });
    await expect(altchaProvider.verify(testDb.db, payload, NOON)).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
  });

  it('answers the level the challenge was made for, which a solver cannot change', async () => {
    const hard = await solvedCaptcha(testDb.db, 2);
    await expect(altchaProvider.verify(testDb.db, hard, NOON)).resolves.toEqual({ level: 2 });
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(testDb.db), 'base64').toString());
    payload.challenge.parameters.data = { level: 6 };
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    await expect(altchaProvider.verify(testDb.db, forged, NOON)).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
    // Two proofs of work, one at level 2: about 3 s on a quiet machine, over 30 s at load 23 (2 cores).
  }, 120_000);

  it('refuses a wrong answer, a test payload and garbage', async () => {
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(testDb.db), 'base64').toString());
    payload.solution.derivedKey = payload.solution.derivedKey.replace(/.$/, (last: string) =>
      last === '0' ? '1' : '0',
    );
    const wrong = Buffer.from(JSON.stringify(payload)).toString('base64');
    await expect(altchaProvider.verify(testDb.db, wrong, NOON)).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
    const test = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString(
      'base64',
    );
    await expect(altchaProvider.verify(testDb.db, test, NOON)).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
    await expect(altchaProvider.verify(testDb.db, 'not base64 json', NOON)).rejects.toMatchObject({
      code: 'CAPTCHA_FAILED',
    });
  });

  it('expires by the request clock, counted from the instant it was issued at', async () => {
    const payload = await solvedCaptcha(testDb.db, 0, NOON);
    const late = shifted(NOON, CAPTCHA_TTL_SECONDS * 1000);
    await expect(altchaProvider.verify(testDb.db, payload, late)).rejects.toMatchObject({
      code: 'CAPTCHA_EXPIRED',
    });
    await expect(altchaProvider.verify(testDb.db, payload, shifted(late, -1000))).resolves.toEqual({
      level: 0,
    });
  });
});
