// The home page's first screen (spec §2 home): what is on now. The hottest live room playing (muted,
// a click enters it) or, when nobody is live, the hottest match under way with its score; beside it
// the hot streamers, under it the sports headlines.
import { CalendarClock, Flame, Radio } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { Crest } from '@/components/database/crest';
import { HomeHeadlines } from '@/components/news/home-headlines';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listRooms, type RoomCard } from '@/lib/live/lists';
import { roomInfo } from '@/lib/live/service';
import { hotMatches, type PresentedMatch } from '@/lib/scores/database-service';
import { LivePreview } from './live-preview';

const HOT_STREAMERS = 6;

export async function HomeFirstScreen({ locale }: { locale: Locale }) {
  const db = getDb();
  const now = new Date();
  const rooms = await listRooms(db, { category: 'all', filter: 'all', now });
  const hottest = rooms.find((room) => room.status === 'live');
  const [t, messages, info, match] = await Promise.all([
    getTranslations('home'),
    getMessages(),
    hottest ? roomInfo(db, hottest.id, now) : null,
    hottest
      ? null
      : hotMatches(db, locale, now, 1).then((found) => found.find((one) => one.status === 'live') ?? null),
  ]);
  return (
    <section aria-labelledby="first-screen" className="mx-auto w-full max-w-[1200px] px-6 pt-6">
      <h1 id="first-screen" className="sr-only">
        {t('firstScreen')}
      </h1>
      <div className="grid grid-cols-1 gap-4 layout:grid-cols-[minmax(0,1fr)_300px]">
        <div className="overflow-hidden rounded-xl border border-line bg-night text-white">
          {info && hottest ? (
            <>
              <div className="relative aspect-video w-full">
                {/* The player's own messages (its failure notice), only when a room plays. */}
                <NextIntlClientProvider locale={locale} messages={{ live: messages.live }}>
                  <LivePreview
                    flv={info.sealed ? null : info.play.flv}
                    hls={info.sealed ? null : info.play.hls}
                    href={`/live?id=${info.id}`}
                    label={t('enterRoomOf', { name: info.anchor.nickname })}
                  >
                    <RoomCover room={hottest} />
                  </LivePreview>
                </NextIntlClientProvider>
                <span className="pointer-events-none absolute top-3 left-3 z-20 flex items-center gap-1.5 rounded bg-live px-2 py-0.5 text-xs font-semibold">
                  <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-white" />
                  {t('liveNow')}
                </span>
              </div>
              <div className="flex items-center gap-3 px-4 py-3">
                <img
                  src={hottest.avatar}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 rounded-full bg-night-2"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold" data-testid="home-live-title" title={hottest.title}>
                    {hottest.title}
                  </p>
                  <p className="truncate text-xs text-white/70" title={hottest.nickname}>
                    {hottest.nickname}
                  </p>
                </div>
                <Link
                  href={`/live?id=${hottest.id}`}
                  className="shrink-0 rounded-md bg-brand-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-600"
                >
                  {t('enterRoom')}
                </Link>
              </div>
            </>
          ) : match ? (
            <HotMatchStage match={match} />
          ) : (
            <div className="flex aspect-video items-center justify-center bg-surface p-6 text-ink-900">
              <EmptyState
                icon={CalendarClock}
                title={t('nothingOn')}
                hint={t('nothingOnHint')}
                action={
                  <Link href="/schedule?type=0" className="text-sm text-brand-600 hover:underline">
                    {t('openSchedule')}
                  </Link>
                }
              />
            </div>
          )}
        </div>
        <HotStreamers rooms={rooms.slice(0, HOT_STREAMERS)} />
      </div>
      <div className="mt-4">
        <HomeHeadlines locale={locale} />
      </div>
    </section>
  );
}

/** The room's cover, or its anchor's avatar on the brand's dark stage when it has none. */
function RoomCover({ room }: { room: RoomCard }) {
  if (room.coverUrl) {
    return (
      <img
        src={room.coverUrl}
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
        className="size-full object-cover"
        data-testid="home-live-cover"
      />
    );
  }
  return (
    <div
      className="flex size-full items-center justify-center bg-gradient-to-br from-night via-night-2 to-brand-700"
      data-testid="home-live-cover"
    >
      <img
        src={room.avatar}
        alt=""
        width={120}
        height={120}
        className="size-28 rounded-full border-4 border-white/20"
      />
    </div>
  );
}

async function HotMatchStage({ match }: { match: PresentedMatch }) {
  const [t, td] = await Promise.all([getTranslations('home'), getTranslations('database')]);
  return (
    <Link
      href={`/score-detail?id=${match.id}`}
      className="flex aspect-video flex-col justify-between gap-2 bg-gradient-to-br from-night via-night-2 to-brand-700 p-4 sm:p-6"
      data-testid="home-hot-match"
    >
      <p className="flex items-center justify-between gap-2 text-xs text-white/80 sm:text-sm">
        <span>{t('nobodyLive')}</span>
        <span className="flex shrink-0 items-center gap-1.5 rounded bg-live px-2 py-0.5 text-xs font-semibold text-white">
          <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-white" />
          {match.minute !== null ? td('minute', { minute: match.minute }) : td(`periods.${match.period}`)}
        </span>
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 sm:gap-6">
        {[match.homeTeam, null, match.awayTeam].map((team) =>
          team ? (
            <div key={team.id} className="flex min-w-0 flex-col items-center gap-2 text-center sm:gap-3">
              <Crest name={team.name} colors={team.crestColors} size="lg" />
              <span className="max-w-full text-sm font-semibold break-keep sm:text-lg" title={team.name}>
                {team.name}
              </span>
            </div>
          ) : (
            <p
              key="score"
              className="text-3xl font-bold whitespace-nowrap tabular-nums sm:text-5xl"
              data-testid="home-hot-match-score"
            >
              {match.homeScore} : {match.awayScore}
            </p>
          ),
        )}
      </div>
      <p className="flex items-center justify-between text-sm text-white/80">
        <span>{match.competitionName}</span>
        <span className="text-white underline-offset-4 hover:underline">{t('matchCentre')}</span>
      </p>
    </Link>
  );
}

async function HotStreamers({ rooms }: { rooms: RoomCard[] }) {
  const t = await getTranslations('home');
  return (
    <section
      aria-labelledby="hot-streamers"
      className="rounded-xl border border-line bg-surface"
      data-testid="hot-streamers"
    >
      <header className="flex h-11 items-center gap-2 border-b border-line px-4">
        <Flame aria-hidden className="size-4 text-brand-600" />
        <h2 id="hot-streamers" className="font-semibold text-ink-900">
          {t('hotStreamers')}
        </h2>
        <Link href="/anchor?type=0" className="ml-auto text-sm text-brand-600 hover:underline">
          {t('allLive')}
        </Link>
      </header>
      {rooms.length ? (
        <ul className="divide-y divide-line">
          {rooms.map((room) => (
            <li key={room.id}>
              <Link
                href={`/live?id=${room.id}`}
                className="flex items-center gap-3 px-4 py-2.5 hover:bg-canvas"
                data-testid="hot-streamer"
              >
                <img
                  src={room.avatar}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 shrink-0 rounded-full border border-line bg-canvas"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-ink-900" title={room.nickname}>
                    {room.nickname}
                  </span>
                  <span className="block truncate text-xs text-ink-500" title={room.title}>
                    {room.title}
                  </span>
                </span>
                {room.status === 'live' ? (
                  <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-live">
                    <Radio aria-hidden className="size-3.5" />
                    {t('liveNow')}
                  </span>
                ) : (
                  <span className="shrink-0 text-xs text-ink-500 tabular-nums">
                    {t('heat', { heat: room.heat })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-4 py-6 text-center text-sm text-ink-500">{t('hotStreamersEmpty')}</p>
      )}
    </section>
  );
}
