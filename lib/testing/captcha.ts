// Solves the built-in captcha the way the browser widget does, for integration tests.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaProvider } from '@/lib/accounts/captcha';
import type { DbOrTx } from '@/lib/db';

/** The payload the widget sends for a challenge (as `api/captcha/challenge` answered it). */
export async function solvedChallenge(challenge: unknown) {
  const typed = challenge as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge: typed, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: typed, solution })).toString('base64');
}

export async function solvedCaptcha(db: DbOrTx, level = 0) {
  return solvedChallenge(await altchaProvider.challenge(db, { level }));
}
