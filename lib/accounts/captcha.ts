// Human verification before login, registration and SMS sends (spec §5). The built-in provider is
// ALTCHA proof-of-work: the browser solves a signed challenge; the server checks the solution and
// refuses a payload it has already accepted. A hosted captcha plugs in by implementing CaptchaProvider.
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { secretFor } from '@/lib/system/secrets';
import { freshSettings } from '@/lib/system/settings';
import { captchaUses } from './schema';

export const CAPTCHA_TTL_SECONDS = 10 * 60;
/** The hardest challenge: 2^6 = 64 times CAPTCHA_COST. */
export const MAX_CAPTCHA_LEVEL = 6;
const ALGORITHM = 'SHA-256';

export interface CaptchaProvider {
  /**
   * What the browser widget needs to start (for ALTCHA: the challenge JSON). `level` raises the cost:
   * each level doubles the work (login throttling asks for more after failed sign-ins).
   */
  challenge(db: DbOrTx, options: { level?: number; now: Date }): Promise<unknown>;
  /** Throws CAPTCHA_FAILED unless the payload proves a fresh (at `now`), unused human check; answers its level. */
  verify(db: DbOrTx, payload: string, now: Date): Promise<{ level: number }>;
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(128),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

function decodePayload(payload: string) {
  try {
    return payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    throw new DomainError('CAPTCHA_FAILED');
  }
}

export const altchaProvider: CaptchaProvider = {
  async challenge(db, options) {
    const secret = await secretFor(db, 'captcha');
    const level = Math.max(0, Math.min(MAX_CAPTCHA_LEVEL, Math.floor(options.level ?? 0)));
    const cost = (await freshSettings(db)).captchaCost * 2 ** level;
    // Deterministic mode: the answer is a known counter, so the server never brute-forces its own check.
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(cost * 2, Math.floor(cost / 2)),
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: await secretFor(db, 'captcha-key'),
      // Signed with the challenge: a solver cannot claim a level it did not work for, nor extend its
      // life. The expiry is ours, not altcha's `expiresAt`, which the library checks against the wall
      // clock instead of the request's `now`.
      data: { level, expires: Math.floor(options.now.getTime() / 1000) + CAPTCHA_TTL_SECONDS },
    });
  },

  async verify(db, payload, now) {
    const { challenge, solution } = decodePayload(payload);
    if (challenge.parameters.algorithm !== ALGORITHM) throw new DomainError('CAPTCHA_FAILED');
    // Checked before the signature, as altcha does; a forged `expires` then fails the signature.
    const expires = Number(challenge.parameters.data?.expires);
    if (!Number.isFinite(expires) || challenge.parameters.expiresAt !== undefined)
      throw new DomainError('CAPTCHA_FAILED');
    if (expires * 1000 <= now.getTime()) throw new DomainError('CAPTCHA_EXPIRED');
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: await secretFor(db, 'captcha'),
      hmacKeySignatureSecret: await secretFor(db, 'captcha-key'),
    });
    if (!result.verified) throw new DomainError(result.expired ? 'CAPTCHA_EXPIRED' : 'CAPTCHA_FAILED');
    // One use per solved challenge: the signature is the challenge's identity.
    const [spent] = await db
      .insert(captchaUses)
      .values({
        signature: challenge.signature,
        expiresAt: new Date(expires * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (!spent) throw new DomainError('CAPTCHA_FAILED');
    return { level: Number(challenge.parameters.data?.level ?? 0) || 0 };
  },
};

export function captchaProvider(): CaptchaProvider {
  return altchaProvider;
}

/** Upkeep: spent challenges past their expiry can no longer be replayed anyway. */
export function pruneCaptchaUses(db: DbOrTx, now: Date) {
  return db.delete(captchaUses).where(lt(captchaUses.expiresAt, now));
}
