// Login throttling after OWASP's guidance (Authentication and Credential Stuffing cheat sheets), on the
// shared rate-limiter-flexible factory with the Postgres store so every node agrees:
// - no account is ever locked for everyone: failures against an account raise the captcha's cost
//   (proof of work doubling per level), they never refuse a correct password;
// - an (account, address) pair that keeps failing is refused for a while;
// - an address that fails across many accounts is refused for a while;
// - a browser that signed in to the account before carries a signed "known device" cookie: its logins
//   skip the limits above, so strangers' failures never keep the owner out. Its own failures are
//   counted against the cookie, and a cookie that fails too often counts as unknown again.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { assertAllowed, type LimiterOptions, record, spentPoints, storedLimiter } from '@/lib/rate-limits';
import { secretFor } from '@/lib/system/secrets';
import { MAX_CAPTCHA_LEVEL } from './captcha';

const MINUTE = 60;

export const LOGIN_LIMITS = {
  /** Failures of one address against one account: refused 15 minutes after 5 in 15 minutes. */
  pair: { keyPrefix: 'login:pair', points: 5, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /** Failures against an account from unknown browsers in a day: only raise the captcha's cost. */
  account: { keyPrefix: 'login:account', points: 100_000, duration: 24 * 60 * MINUTE },
  /** Failures of one address across accounts: refused an hour after 30 in an hour. */
  address: { keyPrefix: 'login:address', points: 30, duration: 60 * MINUTE, blockDuration: 60 * MINUTE },
  /** Failures from one known browser: after 10 in 15 minutes it is treated as unknown. */
  device: { keyPrefix: 'login:device', points: 10, duration: 15 * MINUTE },
} satisfies Record<string, LimiterOptions>;

/** Failures against an account before its captcha costs more, and per level after that. */
const ACCOUNT_FAILURES_PER_LEVEL = 5;

export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_MAX_AGE_DAYS = 365;

const limiter = (db: DbOrTx, name: keyof typeof LOGIN_LIMITS) => storedLimiter(db, LOGIN_LIMITS[name]);
const pairKey = (account: string, address: string) => `${account}|${address}`;

/** How hard the captcha must be: one level per 5 failures on the account, plus the pair's own. */
export function captchaLevelFor(accountFailures: number, pairFailures: number) {
  const level = Math.floor(accountFailures / ACCOUNT_FAILURES_PER_LEVEL) + Math.max(0, pairFailures - 1);
  return Math.min(MAX_CAPTCHA_LEVEL, level);
}

async function sign(db: DbOrTx, value: string) {
  return createHmac('sha256', await secretFor(db, 'known-device'))
    .update(value)
    .digest('base64url');
}

/** A new known-device cookie value for this user's browser. */
export async function knownDeviceCookie(
  db: DbOrTx,
  userId: number,
  deviceId = randomBytes(16).toString('base64url'),
) {
  const value = `${userId}.${deviceId}`;
  return `${value}.${await sign(db, value)}`;
}

/**
 * The browser's device id, kept across the accounts signed in from it: its known-device cookie's (even when
 * the cookie was another account's; a forged one counts as none), else a new one.
 */
export async function browserDeviceId(db: DbOrTx, cookie: string | undefined) {
  return (await readKnownDevice(db, cookie))?.deviceId ?? randomBytes(16).toString('base64url');
}

/** The cookie's user and device, or null when it is absent or not ours. */
export async function readKnownDevice(db: DbOrTx, cookie: string | undefined) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!match) return null;
  const expected = Buffer.from(await sign(db, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(match[1]), deviceId: match[2]! };
}

export type LoginAttempt = {
  /** `mobileKey` of the account tried. */
  account: string;
  address: string;
  /** The account's user id, when the number is registered. */
  userId: number | undefined;
  /** The browser's known-device cookie. */
  deviceCookie: string | undefined;
};

/** Whether this attempt comes from a browser that signed in to the account before (and is in good standing). */
async function knownDevice(db: DbOrTx, attempt: LoginAttempt) {
  const device = await readKnownDevice(db, attempt.deviceCookie);
  if (!device || attempt.userId === undefined || device.userId !== attempt.userId) return null;
  const failures = await spentPoints(limiter(db, 'device'), device.deviceId);
  return failures < LOGIN_LIMITS.device.points ? device : null;
}

/** The captcha level an attempt needs (0 for a known browser). */
export async function requiredCaptchaLevel(db: DbOrTx, attempt: LoginAttempt) {
  if (await knownDevice(db, attempt)) return 0;
  const [accountFailures, pairFailures] = await Promise.all([
    spentPoints(limiter(db, 'account'), attempt.account),
    spentPoints(limiter(db, 'pair'), pairKey(attempt.account, attempt.address)),
  ]);
  return captchaLevelFor(accountFailures, pairFailures);
}

/**
 * Before checking the password: refuses a blocked pair or address (never a known browser) and a
 * captcha easier than the account's failures ask for (`CAPTCHA_HARDER`, data `{captcha_level}`).
 * Answers whether the browser is known, for `afterLogin`.
 */
export async function beforeLogin(db: DbOrTx, attempt: LoginAttempt, captchaLevel: number) {
  const device = await knownDevice(db, attempt);
  if (device) return { device };
  await assertAllowed(limiter(db, 'pair'), pairKey(attempt.account, attempt.address), 'LOGIN_LOCKED');
  await assertAllowed(limiter(db, 'address'), attempt.address, 'LOGIN_LOCKED');
  const required = await requiredCaptchaLevel(db, attempt);
  if (captchaLevel < required)
    throw new DomainError('CAPTCHA_HARDER', { status: 429, data: { captcha_level: required } });
  return { device: null };
}

/** Counts a failure where it belongs. */
export async function loginFailed(db: DbOrTx, attempt: LoginAttempt, device: { deviceId: string } | null) {
  if (device) {
    await record(limiter(db, 'device'), device.deviceId);
    return;
  }
  await Promise.all([
    record(limiter(db, 'pair'), pairKey(attempt.account, attempt.address)),
    record(limiter(db, 'account'), attempt.account),
    record(limiter(db, 'address'), attempt.address),
  ]);
}

/**
 * A success clears the pair's and the device's failures and answers the device cookie to keep: the
 * browser keeps its device id (`deviceId`, its cookie's even when another account signed in from it
 * before), which the session records for the case file's "accounts on the same device".
 */
export async function loginSucceeded(
  db: DbOrTx,
  attempt: LoginAttempt & { userId: number },
  device: { deviceId: string } | null,
  deviceId = device?.deviceId,
) {
  await limiter(db, 'pair').delete(pairKey(attempt.account, attempt.address));
  if (device) await limiter(db, 'device').delete(device.deviceId);
  return knownDeviceCookie(db, attempt.userId, deviceId);
}
