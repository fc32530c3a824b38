// 我的粉丝团 (`/member?type=22`): the clubs the user belongs to, highest intimacy first, with the
// badge, the intimacy, today's watch allowance, when they joined and a link into the anchor's room.
import { HeartHandshake, Radio } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { FanBadge } from '@/components/live/chat/fan-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { getDb } from '@/lib/db';
import { myClubs } from '@/lib/fan-club/service';
import { Link } from '@/lib/i18n/navigation';

export async function FanClubsTab({ userId }: { userId: number }) {
  const t = await getTranslations('fanClub');
  const format = await getFormatter();
  const clubs = await myClubs(getDb(), userId, new Date());
  if (clubs.length === 0)
    return (
      <EmptyState
        icon={HeartHandshake}
        title={t('myEmpty')}
        hint={t('myEmptyHint')}
        action={
          <Link href="/anchor?type=0" className="text-sm text-brand-600 hover:underline">
            {t('goRoom')}
          </Link>
        }
      />
    );
  return (
    <section className="rounded-xl border border-line bg-surface">
      <p className="flex items-center gap-2 border-b border-line px-5 py-3 text-xs text-ink-500">
        <HeartHandshake aria-hidden className="size-4 text-brand-500" />
        {t('rules')}
      </p>
      <table className="w-full text-sm" data-testid="my-fan-clubs">
        <thead>
          <tr className="border-b border-line text-left text-xs text-ink-500">
            <th className="px-5 py-2 font-medium">{t('colAnchor')}</th>
            <th className="py-2 font-medium">{t('colClub')}</th>
            <th className="py-2 text-right font-medium">{t('colIntimacy')}</th>
            <th className="py-2 text-right font-medium">{t('colToday')}</th>
            <th className="py-2 text-right font-medium">{t('colJoined')}</th>
            <th className="px-5 py-2 text-right font-medium" />
          </tr>
        </thead>
        <tbody>
          {clubs.map((club) => (
            <tr key={club.anchor_id} className="border-b border-line last:border-0">
              <td className="px-5 py-2.5">
                <span className="flex items-center gap-2">
                  <img
                    src={club.anchor_avatar}
                    alt=""
                    width={28}
                    height={28}
                    className="size-7 rounded-full"
                  />
                  <span className="truncate text-ink-900" title={club.anchor_nickname}>
                    {club.anchor_nickname}
                  </span>
                  {club.live ? (
                    <span className="rounded bg-live px-1.5 text-[11px] leading-4 text-white">
                      {t('liveNow')}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="py-2.5">
                <FanBadge name={club.name} level={club.level} />
              </td>
              <td className="py-2.5 text-right text-ink-900 tabular-nums">
                {format.number(club.intimacy)}
                <span className="ml-1 text-xs text-ink-500">
                  {club.next_level_at === null
                    ? t('maxLevel')
                    : t('toNext', {
                        next: club.level + 1,
                        left: format.number(club.next_level_at - club.intimacy),
                      })}
                </span>
              </td>
              <td className="py-2.5 text-right text-ink-700 tabular-nums">
                {club.today_watch}/{club.watch_cap}
              </td>
              <td className="py-2.5 text-right text-ink-700 tabular-nums">
                <LocalTime at={club.joined_at} style="date" />
              </td>
              <td className="px-5 py-2.5 text-right">
                {club.room_id ? (
                  <Link
                    href={`/live?id=${club.room_id}`}
                    className="inline-flex items-center gap-1 text-brand-600 hover:underline"
                  >
                    <Radio aria-hidden className="size-4" />
                    {t('goRoom')}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
