// The /anchor notice after a kick-out. `kicked` comes from the address, so it only names a room to
// look up: the notice shows only when this viewer really is kicked out of it now.
import { getTranslations } from 'next-intl/server';
import type { DbOrTx } from '@/lib/db';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { zonedLabel } from '@/lib/time/zoned-text';
import { kickoutOf } from './kickouts';

export async function kickedNoticeText(
  db: DbOrTx,
  userId: number | null | undefined,
  raw: string | undefined,
  now: Date,
) {
  if (!userId || !raw || !/^\d{1,9}$/.test(raw)) return null;
  const kickout = await kickoutOf(db, Number(raw), userId, now);
  if (!kickout) return null;
  const [t, times] = await Promise.all([getTranslations('moderation'), getTimeFormat()]);
  const sameDay = kickout.expiresAt.getTime() - now.getTime() < 12 * 3_600_000;
  const time = zonedLabel(times, kickout.expiresAt, sameDay ? 'time' : 'numericDayTime');
  return { message: t('kickedNotice', { room: kickout.roomId, time }), dismiss: t('dismiss') };
}
