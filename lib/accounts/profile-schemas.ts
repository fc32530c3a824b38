// Request schemas of the profile calls: the routes validate with them, the forms and tests take
// their types from them (`z.infer`), so a field is described once.
// Zod's browser settings before any schema here parses (this module also runs in the browser).
import '@/lib/zod-browser';
import { z } from 'zod';
import { storedUrl } from '@/lib/http/url-schema';
import { ID_TYPES } from './identity';

/** Control characters and bidi overrides: invisible, and used to spoof names. */
const INVISIBLE = /[\p{Cc}\u200B\u202A-\u202E\u2066-\u2069]/u;
const visibleText = (text: string) => !INVISIBLE.test(text);

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;
export const SIGNATURE_MAX = 60;
export const PAYMENT_PASSWORD_MIN = 6;
export const PAYMENT_PASSWORD_MAX = 12;
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 40;
/** The shortest passport number; resident IDs are 18. */
export const ID_NUMBER_MIN = 5;

/** Every field optional: the call changes only what it is sent. */
export const updateInfoInput = z.object({
  user_nickname: z.string().trim().min(NICKNAME_MIN).max(NICKNAME_MAX).refine(visibleText).optional(),
  /** One of `api/user/avatarList`'s addresses (checked by the service against the current list). */
  avatar: storedUrl({ max: 300 }).optional(),
  signature: z.string().trim().max(SIGNATURE_MAX).refine(visibleText).optional(),
  /** 0 not said, 1 male, 2 female. */
  gender: z.coerce
    .number()
    .pipe(z.literal([0, 1, 2]))
    .optional(),
  /** YYYY-MM-DD; the service refuses dates before 1900 or after today. */
  birthday: z.iso.date().optional(),
});
export type UpdateInfoInput = z.infer<typeof updateInfoInput>;

export const userInfoInput = z.object({
  // A blank `uid=` (an empty form field or query value) means "myself", like no uid at all.
  uid: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().positive().optional(),
  ),
});

export const verifiedInput = z.object({
  real_name: z.string().trim().min(REAL_NAME_MIN).max(REAL_NAME_MAX).refine(visibleText),
  id_type: z.enum(ID_TYPES),
  id_number: z.string().trim().min(ID_NUMBER_MIN).max(32),
});
export type VerifiedInput = z.infer<typeof verifiedInput>;

/** Digits-only and matching are rules with their own messages, checked by the service. */
export const paymentPasswordInput = z.object({
  password: z.string().min(1),
  confirm_password: z.string().min(1),
  old_password: z.string().optional(),
});
export type PaymentPasswordInput = z.infer<typeof paymentPasswordInput>;

/** The user centre's zone: an IANA id (checked by the service against the runtime's zones), '' for automatic. */
export const timeZoneInput = z.object({ time_zone: z.string().trim().max(64) });
export type TimeZoneInput = z.infer<typeof timeZoneInput>;
