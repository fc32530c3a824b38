// What an empty scores tab says, and what the reader can do instead.
import { CalendarX2, Radio, Star } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { Board } from '@/lib/scores/board-schema';

export function BoardEmpty({ board, onSignIn }: { board: Board; onSignIn?: () => void }) {
  const t = useTranslations('scores');
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
  const icon = board.tab === 'live' ? Radio : board.tab === 'favourites' ? Star : CalendarX2;
  return (
    <div data-testid="score-empty">
      <EmptyState
        icon={icon}
        title={filtered ? t('empty.filtered') : t(`empty.${board.tab}`)}
        hint={filtered ? t('empty.filteredHint') : t(`empty.${board.tab}Hint`)}
      />
    </div>
  );
}
