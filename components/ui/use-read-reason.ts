// A staff reason kept on an item (`[ads] 直播间挂二维码`, lib/review/reason-text.ts) as its reader reads it:
// the code in their language, then the staff's words as written. Server and client components alike.
import { useTranslations } from 'next-intl';
import { readReason } from '@/lib/review/reason-text';

export function useReadReason() {
  const t = useTranslations('im.notices.reasons');
  return (stored: string | null | undefined) =>
    readReason((code) => (t.has(code as never) ? t(code as never) : code), stored);
}
