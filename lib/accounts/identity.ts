// Real-name verification (spec §7 `api/Member/verified`): the verifier interface, the built-in
// verifier, and how identity data is masked whenever it is shown back.

export const ID_TYPES = ['cn_id', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];

export type IdentityInput = { realName: string; idType: IdType; idNumber: string };

/** Reasons are catalog keys under `errors.` so every screen and the API word them the same way. */
export type VerificationFailure = 'IDENTITY_FORMAT' | 'IDENTITY_CHECKSUM' | 'IDENTITY_BIRTH_DATE';

export type VerificationOutcome = { status: 'succeeded' } | { status: 'failed'; reason: VerificationFailure };

/**
 * Decides whether a person is who they say they are. A real KYC provider (name + number matched
 * against a government register, or a document scan) implements this and replaces the built-in one
 * in `identityVerifier()`; its answer may take a network call, hence the promise.
 */
export interface IdentityVerifier {
  /** `now`: the request's instant (a birth date after it is refused). */
  verify(input: IdentityInput, now: Date): Promise<VerificationOutcome>;
}

/** GB 11643-1999: weights of the first 17 digits and the check character for each remainder mod 11. */
const CN_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_ID_CHECK = '10X98765432';
const EARLIEST_BIRTH_YEAR = 1900;

export function normalizeIdNumber(idNumber: string) {
  return idNumber.replace(/\s+/g, '').toUpperCase();
}

export function cnIdCheckCharacter(first17: string) {
  const sum = CN_ID_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return CN_ID_CHECK[sum % 11]!;
}

/** A calendar date between 1900 and today, written YYYYMMDD. */
function plausibleBirthDate(yyyymmdd: string, today: Date | undefined) {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  const isCalendarDate =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isCalendarDate && year >= EARLIEST_BIRTH_YEAR && (!today || date.getTime() <= today.getTime());
}

/**
 * Without `today` (a request schema, which has no clock) the birth date is only checked to be a calendar
 * date since 1900; the verifier checks it against the request's day too.
 */
export function checkCnId(idNumber: string, today?: Date): VerificationOutcome {
  // Six-digit region code (never starting with 0), birth date, sequence, check character.
  if (!/^[1-9]\d{16}[\dX]$/.test(idNumber)) return { status: 'failed', reason: 'IDENTITY_FORMAT' };
  if (!plausibleBirthDate(idNumber.slice(6, 14), today)) {
    return { status: 'failed', reason: 'IDENTITY_BIRTH_DATE' };
  }
  if (cnIdCheckCharacter(idNumber.slice(0, 17)) !== idNumber[17]) {
    return { status: 'failed', reason: 'IDENTITY_CHECKSUM' };
  }
  return { status: 'succeeded' };
}

export function checkPassport(idNumber: string): VerificationOutcome {
  return /^[A-Z0-9]{5,20}$/.test(idNumber)
    ? { status: 'succeeded' }
    : { status: 'failed', reason: 'IDENTITY_FORMAT' };
}

/**
 * The built-in verifier checks what can be checked without a register: the number's format, its
 * GB 11643 checksum and birth date. It cannot tell whether the number belongs to this name.
 */
export const formatOnlyVerifier: IdentityVerifier = {
  async verify({ idType, idNumber }, now) {
    return idType === 'cn_id' ? checkCnId(idNumber, now) : checkPassport(idNumber);
  },
};

export function identityVerifier(): IdentityVerifier {
  return formatOnlyVerifier;
}

const STAR = '*';

/** `张三` → `张*`, `欧阳娜娜` → `欧***`: only the first character stays. */
export function maskName(name: string) {
  const characters = Array.from(name);
  return characters[0] + STAR.repeat(Math.max(1, characters.length - 1));
}

/** First 3 and last 4 characters stay; short numbers keep only their ends. */
export function maskIdNumber(idNumber: string) {
  if (idNumber.length > 7) {
    return idNumber.slice(0, 3) + STAR.repeat(idNumber.length - 7) + idNumber.slice(-4);
  }
  return idNumber.slice(0, 1) + STAR.repeat(Math.max(1, idNumber.length - 2)) + idNumber.slice(-1);
}

/** `13800000001` → `138****0001`. */
export function maskMobile(mobile: string) {
  if (mobile.length < 8)
    return mobile.slice(0, 1) + STAR.repeat(Math.max(1, mobile.length - 2)) + mobile.slice(-1);
  return mobile.slice(0, 3) + STAR.repeat(mobile.length - 7) + mobile.slice(-4);
}
