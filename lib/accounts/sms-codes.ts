// SMS verification codes (spec §7 getCode): 6 digits, valid 10 minutes, single use, a few wrong tries.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { assertAllowed, consumeOrThrow, record, spentPoints, storedLimiter } from '@/lib/rate-limits';
import { MAX_CAPTCHA_LEVEL } from './captcha';
import { type Mobile, mobileKey } from './mobile';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_MINUTES } from './rules';
import { smsCodes } from './schema';
import { smsProvider } from './sms';

const MAX_WRONG_TRIES = 5;

export const SMS_PURPOSE = { register: 1, other: 2 } as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

const MINUTE = 60;

/** SMS sends (DESIGN §10): a 60 s gap and 5 an hour per number, 20 an hour per address, 1000 per country code. */
export const SMS_LIMITS = {
  resend: { keyPrefix: 'sms:resend', points: 1, duration: MINUTE },
  perNumber: { keyPrefix: 'sms:number', points: 5, duration: 60 * MINUTE },
  perAddress: { keyPrefix: 'sms:address', points: 20, duration: 60 * MINUTE },
  perCountry: { keyPrefix: 'sms:country', points: 1000, duration: 60 * MINUTE },
};

const smsLimiters = (db: DbOrTx) => ({
  resend: storedLimiter(db, SMS_LIMITS.resend),
  perNumber: storedLimiter(db, SMS_LIMITS.perNumber),
  perAddress: storedLimiter(db, SMS_LIMITS.perAddress),
  perCountry: storedLimiter(db, SMS_LIMITS.perCountry),
});

/** The captcha level a send to this number needs: the first of the hour 0, each further one a level more. */
export async function smsCaptchaLevel(db: DbOrTx, numberKey: string) {
  const sent = await spentPoints(smsLimiters(db).perNumber, numberKey);
  return Math.min(MAX_CAPTCHA_LEVEL, sent);
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Creates a code and hands the text to the SMS provider, after the per-number, per-address and
 * per-country limits. `deliver: false` keeps the limits and the answer identical without sending
 * (used when sending would reveal whether a number is registered).
 */
export async function sendSmsCode(
  db: DbOrTx,
  input: Mobile & {
    purpose: SmsPurpose;
    address: string;
    text: (code: string) => string;
    deliver?: boolean;
    /** The captcha level the request solved (see `smsCaptchaLevel`). */
    captchaLevel?: number;
    /** A browser that signed in to this number's account before: strangers' sends never stop it. */
    knownDevice?: boolean;
  },
  now: Date,
) {
  const numberKey = mobileKey(input);
  const limits = smsLimiters(db);
  await assertAllowed(limits.resend, numberKey, 'SMS_TOO_SOON');
  if (!input.knownDevice) {
    await assertAllowed(limits.perNumber, numberKey, 'SMS_LIMIT');
    await assertAllowed(limits.perAddress, input.address, 'SMS_LIMIT');
    const required = await smsCaptchaLevel(db, numberKey);
    if ((input.captchaLevel ?? 0) < required)
      throw new DomainError('CAPTCHA_HARDER', { status: 429, data: { captcha_level: required } });
  }
  await assertAllowed(limits.perCountry, input.countryCode, 'SMS_BUSY');
  await Promise.all([
    consumeOrThrow(limits.resend, numberKey, 'SMS_TOO_SOON'),
    input.knownDevice ? undefined : record(limits.perNumber, numberKey),
    input.knownDevice ? undefined : record(limits.perAddress, input.address),
    record(limits.perCountry, input.countryCode),
  ]);
  if (input.deliver === false) return;

  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await db.insert(smsCodes).values({
    countryCode: input.countryCode,
    mobile: input.mobile,
    purpose: input.purpose,
    codeHash: hashCode(code),
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000),
  });
  try {
    await smsProvider().send(db, { to: `+${input.countryCode} ${input.mobile}`, text: input.text(code) });
  } catch {
    // The gateway already logged why; the user hears that texting is unavailable, not the details.
    throw new DomainError('SMS_BUSY', { status: 503 });
  }
}

/** Uses up the newest live code for this number and purpose; throws SMS_CODE_INVALID otherwise. */
export async function consumeSmsCode(
  db: DbOrTx,
  input: Mobile & { purpose: SmsPurpose; code: string },
  now: Date,
) {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.countryCode, input.countryCode),
        eq(smsCodes.mobile, input.mobile),
        eq(smsCodes.purpose, input.purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!latest || latest.failedAttempts >= MAX_WRONG_TRIES) throw new DomainError('SMS_CODE_INVALID');
  const matches = timingSafeEqual(Buffer.from(latest.codeHash), Buffer.from(hashCode(input.code)));
  if (!matches) {
    await db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    throw new DomainError('SMS_CODE_INVALID');
  }
  const [used] = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used) throw new DomainError('SMS_CODE_INVALID');
}
