// SMS verification codes (spec §7 getCode): 6 digits, valid 10 minutes, single use, a few wrong tries.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { type Mobile, mobileKey } from './mobile';
import { assertWithinLimit, RATE_RULES, recordEvent } from './rate-limit';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_MINUTES } from './rules';
import { smsCodes } from './schema';
import { smsProvider } from './sms';

const MAX_WRONG_TRIES = 5;

export const SMS_PURPOSE = { register: 1, other: 2 } as const;
export type SmsPurpose = (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Creates a code and hands the text to the SMS provider, after the per-number, per-address and
 * per-country limits. `deliver: false` keeps the limits and the answer identical without sending
 * (used when sending would reveal whether a number is registered).
 */
export async function sendSmsCode(
  db: DbOrTx,
  input: Mobile & { purpose: SmsPurpose; address: string; text: (code: string) => string; deliver?: boolean },
) {
  const numberKey = mobileKey(input);
  await assertWithinLimit(db, RATE_RULES.smsResend, numberKey);
  await assertWithinLimit(db, RATE_RULES.smsPerNumber, numberKey);
  await assertWithinLimit(db, RATE_RULES.smsPerAddress, input.address);
  await assertWithinLimit(db, RATE_RULES.smsPerCountry, input.countryCode);
  await recordEvent(db, RATE_RULES.smsPerNumber.bucket, numberKey);
  await recordEvent(db, RATE_RULES.smsPerAddress.bucket, input.address);
  await recordEvent(db, RATE_RULES.smsPerCountry.bucket, input.countryCode);
  if (input.deliver === false) return;

  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await db.insert(smsCodes).values({
    countryCode: input.countryCode,
    mobile: input.mobile,
    purpose: input.purpose,
    codeHash: hashCode(code),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_MINUTES * 60_000),
  });
  try {
    await smsProvider().send(db, { to: `+${input.countryCode} ${input.mobile}`, text: input.text(code) });
  } catch {
    // The gateway already logged why; the user hears that texting is unavailable, not the details.
    throw new DomainError('SMS_BUSY', { status: 503 });
  }
}

/** Uses up the newest live code for this number and purpose; throws SMS_CODE_INVALID otherwise. */
export async function consumeSmsCode(db: DbOrTx, input: Mobile & { purpose: SmsPurpose; code: string }) {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.countryCode, input.countryCode),
        eq(smsCodes.mobile, input.mobile),
        eq(smsCodes.purpose, input.purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date()),
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
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (!used) throw new DomainError('SMS_CODE_INVALID');
}
