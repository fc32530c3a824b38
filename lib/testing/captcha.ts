// Solves the built-in captcha the way the browser widget does, for integration tests.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { altchaProvider } from '@/lib/accounts/captcha';
import type { DbOrTx } from '@/lib/db';
import { NOON } from './clock';

/** The payload the widget sends for a challenge (as `api/captcha/challenge` answered it). */
export async function solvedChallenge(challenge: unknown) {
  const typed = challenge as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge: typed, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: typed, solution })).toString('base64');
}

/** A solved challenge issued at `now` (the instant of the app under test). */
export async function solvedCaptcha(db: DbOrTx, level = 0, now: Date = NOON) {
  return solvedChallenge(await altchaProvider.challenge(db, { level, now }));
}
