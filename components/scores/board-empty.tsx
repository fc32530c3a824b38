// What an empty scores tab says, and what the reader can do instead.
import { CalendarX2, Radio, Star } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import type { Board } from '@/lib/scores/board-schema';
import { createTimeFormat, type ViewerTimes } from '@/lib/time/time-format';

/** The page a sport's other tabs live on (e-sports shares /football). */
export const sportPath = (sport: Board['sport'], query: string) =>
  sport === 'basketball'
    ? `/basketball?${query}`
    : sport === 'esports'
      ? `/football?sport=esports&${query}`
      : `/football?${query}`;

export function BoardEmpty({
  board,
  times,
  onSignIn,
}: {
  board: Board;
  /** The viewer's time view (lib/time/viewer-zone.ts on the server, useTimeFormat() in the browser). */
  times: ViewerTimes;
  onSignIn?: () => void;
}) {
  const t = useTranslations('scores');
  const format = createTimeFormat(times, useLocale());
  if (board.signInNeeded) {
    return (
      <div data-testid="score-empty">
        <EmptyState
          icon={Star}
          title={t('empty.signIn')}
          hint={t('empty.signInHint')}
          action={
            <Button type="button" onClick={onSignIn}>
              {t('signIn')}
            </Button>
          }
        />
      </div>
    );
  }
  const filtered = board.competitions.length > 0;
  const next = board.tab === 'live' && !filtered ? board.next : null;
  const icon = board.tab === 'live' ? Radio : board.tab === 'favourites' ? Star : CalendarX2;
  return (
    <div data-testid="score-empty">
      <EmptyState
        icon={icon}
        title={filtered ? t('empty.filtered') : t(`empty.${board.tab}`)}
        hint={filtered ? t('empty.filteredHint') : t(`empty.${board.tab}Hint`)}
        action={
          next ? (
            <Link
              data-testid="next-kickoff"
              href={sportPath(board.sport, `tab=schedule&day=${next.day}`)}
              className="text-sm font-medium text-brand-600 hover:underline"
            >
              {t('empty.next', {
                time: format.dateTime(new Date(next.kickoffAt), 'numericDayTime', {
                  timeZone: board.timeZone,
                }),
                home: next.home,
                away: next.away,
              })}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}
