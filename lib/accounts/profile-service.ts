// The user's own profile: reading it (public and private views), editing it, real-name
// verification and the payment password. Every function takes the db first and works on one user.

import { and, eq, ne } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { refuseSensitive } from '@/lib/sensitive/words';
import { findOwnUpload } from '@/lib/storage/service';
import { isTimeZone } from '@/lib/time/zone';
import { avatarOf, isAvatarChoice } from './avatars';
import {
  type IdentityVerifier,
  identityVerifier,
  maskIdNumber,
  maskMobile,
  maskName,
  normalizeIdNumber,
} from './identity';
import { levelOf, levelThreshold, MAX_LEVEL } from './level';
import { hashPassword, verifyPassword } from './password';
import {
  PAYMENT_PASSWORD_MAX,
  PAYMENT_PASSWORD_MIN,
  type PaymentPasswordInput,
  type UpdateInfoInput,
  type VerifiedInput,
} from './profile-schemas';
import { identityVerifications, users } from './schema';

export const EARLIEST_BIRTHDAY = '1900-01-01';

export type PublicProfile = {
  id: number;
  nickname: string;
  avatar: string;
  signature: string;
  level: number;
  isAnchor: boolean;
};

export type VerificationStatus = 'none' | 'pending' | 'succeeded' | 'failed';

export type VerificationView = {
  status: VerificationStatus;
  /** Masked (`张*`); null when there is no record. */
  realName: string | null;
  idType: string | null;
  /** Masked (first 3 and last 4 kept). */
  idNumber: string | null;
  /** Catalog key under `errors.` when the check failed. */
  reason: string | null;
};

export type OwnProfile = PublicProfile & {
  countryCode: string;
  /** Masked: the full number never leaves the server. */
  mobile: string;
  gender: 0 | 1 | 2;
  birthday: string | null;
  /** Points with one decimal (stored in tenths). */
  experience: number;
  /** Points needed for the next level; null at the top level. */
  nextLevelExperience: number | null;
  inviteCode: string | null;
  createdAt: Date;
  hasPaymentPassword: boolean;
  verification: VerificationStatus;
};

type UserRow = typeof users.$inferSelect;

function publicView(user: UserRow): PublicProfile {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: avatarOf(user),
    signature: user.signature,
    level: levelOf(user.experience),
    isAnchor: user.isAnchor,
  };
}

async function findUser(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  return user;
}

export async function getPublicProfile(db: DbOrTx, userId: number) {
  return publicView(await findUser(db, userId));
}

export async function getOwnProfile(db: DbOrTx, userId: number): Promise<OwnProfile> {
  const [row] = await db
    .select({ user: users, verification: identityVerifications.status })
    .from(users)
    .leftJoin(identityVerifications, eq(identityVerifications.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError('USER_NOT_FOUND');
  const { user } = row;
  const profile = publicView(user);
  return {
    ...profile,
    countryCode: user.countryCode,
    mobile: maskMobile(user.mobile),
    gender: user.gender as 0 | 1 | 2,
    birthday: user.birthday,
    experience: user.experience / 10,
    nextLevelExperience: profile.level < MAX_LEVEL ? levelThreshold(profile.level + 1) : null,
    inviteCode: user.inviteCode,
    createdAt: user.createdAt,
    hasPaymentPassword: user.paymentPasswordHash !== null,
    verification: row.verification ?? 'none',
  };
}

/** Today's date where it is already latest (UTC+14), so nobody's real birthday reads as future. */
export function latestToday(now: Date) {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

export async function updateProfile(db: DbOrTx, userId: number, input: UpdateInfoInput, now: Date) {
  // An avatar is one of the offered pictures or an image this user uploaded as an avatar.
  if (
    input.avatar !== undefined &&
    !isAvatarChoice(input.avatar) &&
    !(await findOwnUpload(db, userId, input.avatar, 'avatar'))
  ) {
    throw new DomainError('AVATAR_NOT_OFFERED');
  }
  if (
    input.birthday !== undefined &&
    (input.birthday < EARLIEST_BIRTHDAY || input.birthday > latestToday(now))
  ) {
    throw new DomainError('BIRTHDAY_OUT_OF_RANGE');
  }
  if (input.user_nickname !== undefined) await refuseSensitive(db, input.user_nickname, now);
  const changes: Partial<typeof users.$inferInsert> = {
    nickname: input.user_nickname,
    avatar: input.avatar,
    signature: input.signature,
    gender: input.gender,
    birthday: input.birthday,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length > 0) await db.update(users).set(defined).where(eq(users.id, userId));
  return getOwnProfile(db, userId);
}

/**
 * The zone the user chose for every page and device (`null`: automatic, the browser's). A zone the
 * runtime does not know is refused and nothing changes.
 */
export async function setTimeZone(db: DbOrTx, userId: number, timeZone: string) {
  if (timeZone && !isTimeZone(timeZone)) throw new DomainError('TIME_ZONE_UNKNOWN');
  // The runtime's own spelling (asia/tokyo → Asia/Tokyo), so pages and the list agree.
  const stored = timeZone ? new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone : null;
  await db.update(users).set({ timeZone: stored }).where(eq(users.id, userId));
  return { time_zone: stored ?? '' };
}

export async function getVerification(db: DbOrTx, userId: number): Promise<VerificationView> {
  const [record] = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .limit(1);
  if (!record) return { status: 'none', realName: null, idType: null, idNumber: null, reason: null };
  return {
    status: record.status,
    realName: maskName(record.realName),
    idType: record.idType,
    idNumber: maskIdNumber(record.idNumber),
    reason: record.status === 'failed' ? record.reason : null,
  };
}

/**
 * One record per user. A failed check can be sent again; a succeeded one is final and a pending one
 * (a provider still deciding) cannot be overtaken.
 */
export async function submitVerification(
  db: DbOrTx,
  userId: number,
  input: VerifiedInput,
  now: Date,
  verifier: IdentityVerifier = identityVerifier(),
) {
  const current = await getVerification(db, userId);
  if (current.status === 'succeeded') throw new DomainError('ALREADY_VERIFIED');
  if (current.status === 'pending') throw new DomainError('VERIFICATION_PENDING');

  const identity = {
    realName: input.real_name,
    idType: input.id_type,
    idNumber: normalizeIdNumber(input.id_number),
  };
  const outcome = await verifier.verify(identity, now);
  const values = {
    realName: identity.realName,
    idType: identity.idType,
    idNumber: identity.idNumber,
    status: outcome.status,
    reason: outcome.status === 'failed' ? outcome.reason : null,
    reviewedAt: now,
  };
  // The `where` keeps a record that turned final meanwhile (two tabs sending at once) untouched.
  const saved = await db
    .insert(identityVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: identityVerifications.userId,
      set: { ...values, createdAt: now },
      where: and(ne(identityVerifications.status, 'succeeded'), ne(identityVerifications.status, 'pending')),
    })
    .returning({ userId: identityVerifications.userId });
  if (saved.length === 0) throw new DomainError('ALREADY_VERIFIED');
  return getVerification(db, userId);
}

const PAYMENT_PASSWORD_PATTERN = new RegExp(`^\\d{${PAYMENT_PASSWORD_MIN},${PAYMENT_PASSWORD_MAX}}$`);

/** Spec §5: digits only, at least 6 (at most 12), confirmed; changing one needs the old one. */
export async function setPaymentPassword(db: DbOrTx, userId: number, input: PaymentPasswordInput) {
  if (!PAYMENT_PASSWORD_PATTERN.test(input.password)) {
    throw new DomainError('PAYMENT_PASSWORD_FORMAT', {
      values: { min: PAYMENT_PASSWORD_MIN, max: PAYMENT_PASSWORD_MAX },
    });
  }
  if (input.password !== input.confirm_password) throw new DomainError('PAYMENT_PASSWORD_MISMATCH');
  const user = await findUser(db, userId);
  if (user.paymentPasswordHash) {
    if (!input.old_password) throw new DomainError('PAYMENT_PASSWORD_OLD_REQUIRED');
    if (!(await verifyPassword(user.paymentPasswordHash, input.old_password))) {
      throw new DomainError('PAYMENT_PASSWORD_WRONG');
    }
  }
  await db
    .update(users)
    .set({ paymentPasswordHash: await hashPassword(input.password) })
    .where(eq(users.id, userId));
}
