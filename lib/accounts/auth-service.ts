// Signing in, registering and resetting a password (spec §4, §5). Answers never tell a stranger
// whether a number is registered, except where the flow itself needs it (registering a taken number).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { freshSettings } from '@/lib/system/settings';
import { beforeLogin, browserDeviceId, loginFailed, loginSucceeded } from './login-throttle';
import { type Mobile, mobileKey } from './mobile';
import { hashPassword, verifyPassword } from './password';
import { sessions, users } from './schema';
import { createSession } from './session';
import { consumeSmsCode, SMS_PURPOSE } from './sms-codes';

export type User = typeof users.$inferSelect;

/** A real hash of nothing, so a login for an unknown number costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export function findUserByMobile(db: DbOrTx, { countryCode, mobile }: Mobile) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.countryCode, countryCode), eq(users.mobile, mobile)))
    .then((rows) => rows[0]);
}

export async function findUserById(db: DbOrTx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  return user;
}

export async function login(
  db: DbOrTx,
  input: Mobile & {
    password?: string;
    code?: string;
    deviceType: string;
    address: string;
    /** The level of the captcha this attempt solved. */
    captchaLevel: number;
    /** The browser's known-device cookie (login-throttle.ts). */
    deviceCookie?: string;
    userAgent?: string;
  },
  now: Date,
) {
  const user = await findUserByMobile(db, input);
  const attempt = {
    account: mobileKey(input),
    address: input.address,
    userId: user?.id,
    deviceCookie: input.deviceCookie,
  };
  const { device } = await beforeLogin(db, attempt, input.captchaLevel);

  let ok = false;
  if (input.password) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
    ok &&= Boolean(user?.passwordHash);
  } else if (input.code && user) {
    ok = await consumeSmsCode(db, { ...input, purpose: SMS_PURPOSE.other, code: input.code }, now).then(
      () => true,
      () => false,
    );
  }
  if (!ok || !user) {
    await loginFailed(db, attempt, device);
    throw new DomainError(input.password ? 'LOGIN_FAILED' : 'SMS_CODE_INVALID');
  }
  const deviceId = device?.deviceId ?? (await browserDeviceId(db, input.deviceCookie));
  const deviceCookie = await loginSucceeded(db, { ...attempt, userId: user.id }, device, deviceId);
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  const session = await createSession(db, user.id, now, {
    deviceType: input.deviceType,
    address: input.address,
    deviceId,
    userAgent: input.userAgent,
  });
  return { user, ...session, deviceCookie };
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode() {
  return Array.from(randomBytes(6), (byte) => INVITE_ALPHABET[byte % INVITE_ALPHABET.length]).join('');
}

/**
 * Who may register now (an operator's setting, applied without a restart): anyone, only someone with an
 * invite code (checked as any invite code is), or nobody. `invite` absent: the SMS step, before any code.
 */
export async function assertRegistrationOpen(db: DbOrTx, input: { invite?: string | undefined } | null) {
  const { registration } = await freshSettings(db);
  if (registration === 'closed') throw new DomainError('REGISTRATION_CLOSED', { status: 403 });
  if (registration === 'invite' && input && !input.invite?.trim())
    throw new DomainError('REGISTRATION_INVITE_ONLY', { status: 403 });
}

export async function register(
  db: DbOrTx,
  input: Mobile & { code: string; password: string; invite?: string; nickname: string },
  now: Date,
) {
  await assertRegistrationOpen(db, { invite: input.invite });
  if (await findUserByMobile(db, input)) throw new DomainError('MOBILE_TAKEN');
  let invitedBy: number | null = null;
  if (input.invite) {
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.inviteCode, input.invite.toUpperCase()));
    if (!inviter) throw new DomainError('INVITE_NOT_FOUND');
    invitedBy = inviter.id;
  }
  await consumeSmsCode(db, { ...input, purpose: SMS_PURPOSE.register }, now);
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt += 1) {
    const inserted = await db
      .insert(users)
      .values({
        countryCode: input.countryCode,
        mobile: input.mobile,
        passwordHash,
        nickname: input.nickname,
        inviteCode: newInviteCode(),
        invitedBy,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
    // Either the number was registered a moment ago or the random invite code collided.
    if (await findUserByMobile(db, input)) throw new DomainError('MOBILE_TAKEN');
    if (attempt > 3) throw new Error('could not allocate an invite code');
  }
}

/** Sets a new password with an SMS code and signs every device out. */
export async function resetPassword(
  db: DbOrTx,
  input: Mobile & { code: string; password: string },
  now: Date,
) {
  const user = await findUserByMobile(db, input);
  // The code was never sent to an unknown number, so the answer is the same as for a wrong code.
  if (!user) throw new DomainError('SMS_CODE_INVALID');
  await consumeSmsCode(db, { ...input, purpose: SMS_PURPOSE.other }, now);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
}
