// The match situation (赛况) of a room bound to a match: scoreboard, latest key events and a few
// statistics from the scores service, following code-100 pushes like /score-live. Unbound rooms show
// nothing. The client parts are the match centre's own components.
import { ChevronRight, History, Sparkles } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getFormatter, getMessages, getTranslations } from 'next-intl/server';
import { findMatchPage } from '@/components/scores/load-match';
import { LocalTime } from '@/components/scores/local-time';
import { MatchEventTimeline } from '@/components/scores/match-event-timeline';
import { MatchScoreboard } from '@/components/scores/match-scoreboard';
import { MatchStatBars } from '@/components/scores/match-stat-bars';
import { MatchLiveSync } from '@/components/scores/match-summary';
import { MatchTeamBadge } from '@/components/scores/match-team-badge';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { findRoom } from '@/lib/live/service';

const KEY_EVENTS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'red_card',
  'yellow_card',
  'substitution',
  'objective',
] as const;
const FEW_STATISTICS = ['possession', 'shots_on_target', 'corners'];
const LATEST_EVENTS = 5;

export async function MatchSituation({ roomId, locale }: { roomId: number; locale: Locale }) {
  const room = await findRoom(getDb(), roomId);
  const found = room?.matchId ? await findMatchPage(String(room.matchId), locale) : null;
  if (!found) return null;
  const { detail, summary } = found;
  const [t, format, messages] = await Promise.all([
    getTranslations('liveExtras.match'),
    getFormatter(),
    getMessages(),
  ]);
  const { status, events, statistics, versus, halfTime, penalties } = messages.matchDetail;
  const following = detail.status === 'live' || detail.status === 'not_started';
  const note = (text: string) => <p className="min-w-0 truncate">{text}</p>;

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{ matchDetail: { status, events, statistics, versus, halfTime, penalties } }}
    >
      {following ? <MatchLiveSync matchId={detail.id} sport={detail.sport} /> : null}
      <section
        aria-labelledby="match-situation-title"
        className="rounded-xl border border-line bg-surface"
        data-testid="match-situation"
      >
        <header className="flex h-11 items-center gap-2 border-b border-line px-4">
          <h2 id="match-situation-title" className="shrink-0 text-sm font-semibold">
            {t('title')}
          </h2>
          <span className="min-w-0 truncate text-xs text-ink-500">{detail.competitionName}</span>
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
            className="flex items-center gap-1.5 border-b border-line bg-brand-50 px-4 py-1.5 text-xs text-brand-700"
            data-testid="situation-replay"
          >
            <History aria-hidden className="size-3.5 shrink-0" />
            {note(
              t('replayNote', {
                fixture: `${detail.replayOf.homeTeam.name} – ${detail.replayOf.awayTeam.name}`,
                date: format.dateTime(detail.replayOf.kickoffAt, { dateStyle: 'medium', timeZone: 'UTC' }),
              }),
            )}
          </div>
        ) : detail.source === 'simulated' ? (
          <div className="flex items-center gap-1.5 border-b border-line bg-canvas px-4 py-1.5 text-xs text-ink-700">
            <Sparkles aria-hidden className="size-3.5 shrink-0" />
            {note(t('simulated'))}
          </div>
        ) : null}
        <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2 px-3 py-4">
          {[detail.homeTeam, detail.awayTeam].map((team, index) => (
            <div
              key={team.id}
              className={
                index === 0
                  ? 'order-1 flex flex-col items-center gap-1.5 text-center'
                  : 'order-3 flex flex-col items-center gap-1.5 text-center'
              }
            >
              <MatchTeamBadge name={team.name} colors={team.crestColors} />
              <p
                className="line-clamp-2 text-sm font-medium text-ink-900"
                data-testid={index === 0 ? 'situation-home' : 'situation-away'}
              >
                {team.name}
              </p>
            </div>
          ))}
          <div className="order-2 flex flex-col items-center gap-1 pt-0.5">
            <MatchScoreboard initial={summary} compact />
            {detail.status === 'not_started' ? (
              <p className="text-xs text-ink-500">
                {t.rich('kickoff', {
                  time: () => <LocalTime value={detail.kickoffAt.toISOString()} format="shortDateTime" />,
                })}
              </p>
            ) : null}
          </div>
        </div>
        {detail.sport === 'basketball' ? null : (
          <div className="border-t border-line px-4 py-3">
            <h3 className="mb-1 text-xs font-semibold text-ink-500">{t('keyEvents')}</h3>
            <MatchEventTimeline
              initial={summary}
              kinds={KEY_EVENTS}
              latest={LATEST_EVENTS}
              empty={<p className="py-2 text-xs text-ink-500">{t('noEvents')}</p>}
            />
          </div>
        )}
        {detail.sport === 'football' ? (
          <div className="border-t border-line px-4 py-3">
            <h3 className="mb-2 text-xs font-semibold text-ink-500">{t('stats')}</h3>
            <MatchStatBars
              initial={summary}
              kinds={FEW_STATISTICS}
              empty={<p className="py-2 text-xs text-ink-500">{t('noStats')}</p>}
            />
          </div>
        ) : null}
      </section>
    </NextIntlClientProvider>
  );
}
