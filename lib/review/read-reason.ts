// A stored staff reason (`codedReason`) as an API answer gives it: the code in the reader's language,
// the staff's words as written. Server only (it reads the catalogues); screens use `useReadReason`.
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { readReason } from './reason-text';

export function readReasonIn(locale: Locale, stored: string | null | undefined) {
  const t = translator(locale) as unknown as { has(key: string): boolean; (key: string): string };
  return readReason((code) => {
    const key = `im.notices.reasons.${code}`;
    return t.has(key) ? t(key) : code;
  }, stored);
}
