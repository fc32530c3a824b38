// /score-live?id= (spec §2): the match as it happens — compact header, events and statistics that
// follow the pushes, the match's chat room, and the live rooms covering it (rooms an anchor bound to it).
import { ArrowRight, BarChart3, ListX, MonitorPlay } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { RoomChat } from '@/components/live/chat/room-chat';
import { MatchEventTimeline } from '@/components/scores/match-event-timeline';
import { MatchHeader } from '@/components/scores/match-header';
import { MatchStatBars } from '@/components/scores/match-stat-bars';
import { MatchLiveSync } from '@/components/scores/match-summary';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { roomsCoveringMatch } from '@/lib/live/lists';
import { loadMatchPage, matchPageMetadata } from '@/lib/scores/page-data';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return matchPageMetadata((await params).locale, (await searchParams).id, {
    path: '/score-live',
    namespace: 'matchDetail.live',
  });
}

export default async function ScoreLivePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { detail, summary } = await loadMatchPage((await searchParams).id, locale);
  const [messages, t, name, rooms, viewer] = await Promise.all([
    getMessages(),
    getTranslations('matchDetail'),
    productName(locale),
    roomsCoveringMatch(getDb(), detail.id, new Date()),
    currentUser(),
  ]);
  const following = detail.status === 'live' || detail.status === 'not_started';

  return (
    <>
      <div className="mx-auto flex w-full max-w-[1240px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
        <NextIntlClientProvider
          locale={locale}
          messages={{
            matchDetail: messages.matchDetail,
            chat: messages.chat,
            moderation: messages.moderation,
          }}
        >
          {following ? <MatchLiveSync matchId={detail.id} sport={detail.sport} /> : null}
          <MatchHeader detail={detail} summary={summary} compact />
          <div className="grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_360px]">
            <div className="flex flex-col gap-4">
              <section aria-labelledby="live-events" className="rounded-xl border border-line bg-surface p-5">
                <h2 id="live-events" className="mb-3 text-base font-semibold">
                  {t('tabs.events')}
                </h2>
                <MatchEventTimeline
                  initial={summary}
                  empty={
                    <EmptyState
                      icon={ListX}
                      title={t('events.emptyTitle')}
                      hint={
                        detail.status === 'not_started' ? t('events.emptyNotStarted') : t('events.emptyHint')
                      }
                    />
                  }
                />
              </section>
              <section aria-labelledby="live-stats" className="rounded-xl border border-line bg-surface p-5">
                <h2 id="live-stats" className="mb-3 text-base font-semibold">
                  {t('tabs.statistics')}
                </h2>
                <MatchStatBars
                  initial={summary}
                  empty={
                    <EmptyState
                      icon={BarChart3}
                      title={t('statistics.emptyTitle')}
                      hint={t('statistics.emptyHint')}
                    />
                  }
                />
              </section>
            </div>
            <aside className="flex flex-col gap-4">
              <RoomChat
                channel={{ kind: 'match', id: detail.id }}
                viewerId={viewer?.id ?? null}
                className="h-[560px]"
              />
              <section
                aria-labelledby="live-rooms"
                className="rounded-xl border border-line bg-surface p-5"
                data-testid="live-rooms"
              >
                <h2 id="live-rooms" className="mb-3 text-base font-semibold">
                  {t('live.roomsTitle')}
                </h2>
                {rooms.length ? (
                  <ul className="flex flex-col gap-2">
                    {rooms.map((room) => (
                      <li key={room.id}>
                        <Link
                          href={`/live?id=${room.id}`}
                          className="flex items-center gap-3 rounded-lg p-2 hover:bg-brand-50"
                        >
                          <img
                            src={room.avatar}
                            alt=""
                            width={40}
                            height={40}
                            className="size-10 rounded-full bg-canvas"
                          />
                          <span className="min-w-0 flex-1">
                            <span
                              className="block truncate text-sm font-medium text-ink-900"
                              title={room.title || room.nickname}
                            >
                              {room.title || room.nickname}
                            </span>
                            <span className="block truncate text-xs text-ink-500" title={room.nickname}>
                              {room.nickname}
                            </span>
                          </span>
                          <span className="flex items-center gap-1 text-xs font-medium text-live">
                            <span aria-hidden className="size-1.5 rounded-full bg-live" />
                            {t('live.onAir')}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <EmptyState
                    icon={MonitorPlay}
                    title={t('live.noRoomsTitle')}
                    hint={t('live.noRoomsHint')}
                  />
                )}
              </section>
              <Button asChild variant="secondary">
                <Link href={`/score-detail?id=${detail.id}`}>
                  {t('live.toDetail')}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </Button>
            </aside>
          </div>
        </NextIntlClientProvider>
      </div>
      <Footer productName={name} />
    </>
  );
}
