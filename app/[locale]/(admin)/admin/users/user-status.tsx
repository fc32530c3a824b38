// A user's standing in the console: active, or muted / banned until when.
import { getTranslations } from 'next-intl/server';
import { getTimeFormat } from '@/lib/time/viewer-zone';

export async function UserStatus({
  user,
}: {
  user: { muted_until: Date | null; banned_until: Date | null };
}) {
  const t = await getTranslations('admin.users');
  const times = await getTimeFormat();
  const now = new Date();
  const until = (at: Date) => times.dateTime(at, 'dateTime');
  const banned = user.banned_until && user.banned_until > now;
  const muted = user.muted_until && user.muted_until > now;
  if (!banned && !muted) return <span className="text-xs text-ink-500">{t('active')}</span>;
  return (
    <span className="flex flex-col gap-0.5 text-xs font-medium text-live" data-testid="user-status">
      {banned ? <span>{t('bannedUntil', { until: until(user.banned_until!) })}</span> : null}
      {muted ? <span>{t('mutedUntil', { until: until(user.muted_until!) })}</span> : null}
    </span>
  );
}
