// /rank (spec §2, §7 roomRanking): streamers by heat of their broadcasts and anchors by follows gained,
// for today, this week, this month or all time (`type` in the URL).
import { Flame, Gem, Trophy, UserPlus } from 'lucide-react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { RANK_WINDOWS, type RankWindow, roomRanking } from '@/lib/live/reservations';
import { sharedState } from '@/lib/shared-state';
import { getTimeFormat } from '@/lib/time/viewer-zone';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ type?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'rank', '/rank');
}

/** One place of a board: the rank (top three highlighted), the anchor's picture, then the row's own parts. */
function RankRow({ rank, avatar, children }: { rank: number; avatar: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 border-b border-line py-2.5 last:border-0">
      <span
        className={cn(
          'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
          rank <= 3 ? 'bg-brand-500 text-white' : 'bg-canvas text-ink-500',
        )}
      >
        {rank}
      </span>
      <img src={avatar} alt="" width={32} height={32} className="size-8 rounded-full bg-canvas" />
      {children}
    </li>
  );
}

function Board({
  title,
  icon: Icon,
  note,
  children,
}: {
  title: string;
  icon: typeof Flame;
  note: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-line bg-surface" aria-label={title}>
      <header className="flex h-12 items-center gap-2 border-b border-line px-4">
        <Icon aria-hidden className="size-[18px] text-brand-500" />
        <h2 className="font-semibold text-ink-900">{title}</h2>
      </header>
      <p className="px-4 pt-3 text-xs text-ink-500">{note}</p>
      <div className="p-4">{children}</div>
    </section>
  );
}

export default async function RankPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const window: RankWindow = RANK_WINDOWS.includes(search.type as RankWindow)
    ? (search.type as RankWindow)
    : 'day';
  const [t, tGifts, format, times, ranking, givers] = await Promise.all([
    getTranslations('rank'),
    getTranslations('gifts'),
    getFormatter(),
    getTimeFormat(),
    roomRanking(getDb(), window, new Date()),
    sharedState().rankings.top(getDb(), { window, now: new Date(), limit: 30 }),
  ]);
  const browse = (
    <Link href="/anchor?type=0" className="text-sm font-medium text-brand-600 hover:underline">
      {t('browseLive')}
    </Link>
  );
  return (
    <div className="px-3 py-4 sm:px-6 sm:py-6">
      <div className="mb-2 flex flex-wrap items-center gap-x-6 gap-y-2">
        <h1 className="flex items-center gap-2 text-xl font-semibold text-ink-900">
          <Trophy aria-hidden className="size-5 text-brand-500" />
          {t('title')}
        </h1>
        <nav className="flex gap-1" aria-label={t('title')} data-testid="rank-tabs">
          {RANK_WINDOWS.map((item) => (
            <Link
              key={item}
              href={`/rank?type=${item}`}
              aria-current={item === window ? 'page' : undefined}
              className={cn(
                'rounded-full px-3 py-1 text-sm',
                item === window ? 'bg-brand-500 text-white' : 'text-ink-700 hover:bg-canvas',
              )}
            >
              {t(item)}
            </Link>
          ))}
        </nav>
      </div>
      <p className="mb-5 text-xs text-ink-500">
        {ranking.since ? t('since', { date: times.dateTime(ranking.since, 'date') }) : t('sinceTotal')}
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        <Board title={t('streamers')} icon={Flame} note={t('formula')}>
          {ranking.streamers.length ? (
            <ol data-testid="rank-streamers">
              {ranking.streamers.map((row) => (
                <RankRow key={row.roomId} rank={row.rank} avatar={row.avatar}>
                  <div className="min-w-0 flex-1">
                    <Link
                      href={`/live?id=${row.roomId}`}
                      className="block truncate text-sm font-medium text-ink-900 hover:text-brand-600"
                      title={row.nickname}
                    >
                      {row.nickname}
                    </Link>
                    <p className="truncate text-xs text-ink-500">
                      {row.status === 'live' ? <span className="mr-1 text-live">{t('onAir')}</span> : null}
                      {t('broadcasts', { count: row.broadcasts })}
                      {' · '}
                      {t('minutes', { count: row.minutes })}
                    </p>
                  </div>
                  <span className="flex items-center gap-1 text-sm font-semibold text-ink-900 tabular-nums">
                    <Flame aria-label={t('heat')} className="size-3.5 text-brand-500" />
                    {format.number(row.heat)}
                  </span>
                </RankRow>
              ))}
            </ol>
          ) : (
            <EmptyState
              icon={Flame}
              title={t('streamersEmpty')}
              hint={t('streamersEmptyHint')}
              action={browse}
            />
          )}
        </Board>
        <Board title={t('fans')} icon={UserPlus} note={t('fansFormula')}>
          {ranking.fans.length ? (
            <ol data-testid="rank-fans">
              {ranking.fans.map((row) => (
                <RankRow key={row.anchorId} rank={row.rank} avatar={row.avatar}>
                  {row.roomId ? (
                    <Link
                      href={`/live?id=${row.roomId}`}
                      className="min-w-0 flex-1 truncate text-sm font-medium text-ink-900 hover:text-brand-600"
                      title={row.nickname}
                    >
                      {row.nickname}
                    </Link>
                  ) : (
                    <span
                      className="min-w-0 flex-1 truncate text-sm font-medium text-ink-900"
                      title={row.nickname}
                    >
                      {row.nickname}
                    </span>
                  )}
                  <span className="max-w-[40%] text-right text-sm leading-tight font-semibold text-win tabular-nums">
                    {t('gained', { count: row.gained })}
                  </span>
                </RankRow>
              ))}
            </ol>
          ) : (
            <EmptyState icon={UserPlus} title={t('fansEmpty')} hint={t('fansEmptyHint')} action={browse} />
          )}
        </Board>
        <Board title={tGifts('rankTitle')} icon={Gem} note={tGifts('rankNote')}>
          {givers.length ? (
            <ol data-testid="rank-givers">
              {givers.map((row, index) => (
                <RankRow key={row.user_id} rank={index + 1} avatar={row.avatar}>
                  <span
                    className="min-w-0 flex-1 truncate text-sm font-medium text-ink-900"
                    title={row.nickname}
                  >
                    {row.nickname}
                  </span>
                  <span className="max-w-[40%] text-right text-sm leading-tight font-semibold text-ink-900 tabular-nums">
                    {tGifts('value', { value: format.number(row.value) })}
                  </span>
                </RankRow>
              ))}
            </ol>
          ) : (
            <EmptyState
              icon={Gem}
              title={tGifts('contributionEmpty')}
              hint={tGifts('tickerEmpty')}
              action={browse}
            />
          )}
        </Board>
      </div>
    </div>
  );
}
