// Solves the built-in captcha the way the browser widget does, for integration tests.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaProvider } from '@/lib/accounts/captcha';
import type { DbOrTx } from '@/lib/db';

export async function solvedCaptcha(db: DbOrTx) {
  const challenge = (await altchaProvider.challenge(db)) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
