// Mobile numbers as the login form sends them (spec §3): `<country code>-<number>`, e.g. `86-13800000001`.
// A number without a prefix is taken as China's (spec §9 default 86).
// Zod's browser settings before any schema here parses (this module also runs in the browser).
import '@/lib/zod-browser';
import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, isKnownCountryCode } from '@/lib/config/country-codes';

import { MOBILE_MAX_LENGTH } from './rules';

export type Mobile = { countryCode: string; mobile: string };

/** Mainland numbers are 11 digits starting 1[3-9]; elsewhere 5 to 11 digits. */
function isValidNumber({ countryCode, mobile }: Mobile) {
  if (countryCode === '86') return /^1[3-9]\d{9}$/.test(mobile);
  return /^\d{5,11}$/.test(mobile);
}

export const mobileSchema = z
  .string()
  .trim()
  .min(1)
  .max(MOBILE_MAX_LENGTH + 5)
  .transform((value, context): Mobile => {
    const [code, number] = value.includes('-') ? value.split('-', 2) : [DEFAULT_COUNTRY_CODE, value];
    const parsed = { countryCode: code!.replace(/^\+/, ''), mobile: number ?? '' };
    if (!isKnownCountryCode(parsed.countryCode) || !isValidNumber(parsed)) {
      context.addIssue({ code: 'custom', message: 'invalid mobile' });
      return z.NEVER;
    }
    return parsed;
  });

export const mobileKey = ({ countryCode, mobile }: Mobile) => `${countryCode}-${mobile}`;
