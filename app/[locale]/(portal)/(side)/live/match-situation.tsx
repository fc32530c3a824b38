// The match situation (赛况) of a room bound to a match: scoreboard, latest key events and a few
// statistics from the scores service, following code-100 pushes like /score-live. Unbound rooms show
// nothing. The moving parts are the match centre's own components (match-situation-live.tsx).

import { ChevronRight, History, Sparkles } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { findRoom } from '@/lib/live/service';
import { findMatchPage } from '@/lib/scores/page-data';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { MatchSituationIsland } from './match-situation-island';

export async function MatchSituation({ roomId, locale }: { roomId: number; locale: Locale }) {
  const room = await findRoom(getDb(), roomId);
  const found = room?.matchId ? await findMatchPage(String(room.matchId), locale) : null;
  const times = await getTimeFormat();
  if (!found) return null;
  const { detail, summary } = found;
  const [t, messages] = await Promise.all([getTranslations('liveExtras.match'), getMessages()]);
  const { status, events, statistics, versus, halfTime, penalties } = messages.matchDetail;
  const note = (text: string) => <p className="min-w-0">{text}</p>;

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{
        matchDetail: { status, events, statistics, versus, halfTime, penalties },
        liveExtras: { match: messages.liveExtras.match },
      }}
    >
      <section
        aria-labelledby="match-situation-title"
        className="rounded-xl border border-line bg-surface"
        data-testid="match-situation"
      >
        <header className="flex h-11 items-center gap-2 border-b border-line px-4">
          <h2 id="match-situation-title" className="shrink-0 text-sm font-semibold">
            {t('title')}
          </h2>
          <span className="min-w-0 truncate text-xs text-ink-500" title={detail.competitionName}>
            {detail.competitionName}
          </span>
          <Link
            href={`/score-detail?id=${detail.id}`}
            className="ml-auto inline-flex shrink-0 items-center text-xs text-brand-600 hover:underline"
          >
            {t('full')}
            <ChevronRight aria-hidden className="size-3.5" />
          </Link>
        </header>
        {detail.replayOf ? (
          <div
            className="flex items-start gap-1.5 border-b border-line bg-brand-50 px-4 py-1.5 text-xs text-brand-700"
            data-testid="situation-replay"
          >
            <History aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            {note(
              t('replayNote', {
                fixture: `${detail.replayOf.homeTeam.name} – ${detail.replayOf.awayTeam.name}`,
                date: times.day(
                  detail.replayOfDate ?? detail.replayOf.kickoffAt.toISOString().slice(0, 10),
                  'date',
                ),
              }),
            )}
          </div>
        ) : detail.source === 'simulated' ? (
          <div className="flex items-center gap-1.5 border-b border-line bg-canvas px-4 py-1.5 text-xs text-ink-700">
            <Sparkles aria-hidden className="size-3.5 shrink-0" />
            {note(t('simulated'))}
          </div>
        ) : null}
        <MatchSituationIsland
          roomId={roomId}
          matchId={room!.matchId!}
          summary={summary}
          sport={detail.sport}
          kickoffAt={detail.kickoffAt.toISOString()}
          home={{ name: detail.homeTeam.name, colors: detail.homeTeam.crestColors }}
          away={{ name: detail.awayTeam.name, colors: detail.awayTeam.crestColors }}
        />
      </section>
    </NextIntlClientProvider>
  );
}
