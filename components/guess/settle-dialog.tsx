// The anchor's settle step: before a settlement pays everyone, the sheet shows the chosen outcome, the pool,
// how many people win and what each of the first winners receives — the server's own pari-mutuel code over
// the stakes held now (`api/guess/settle_preview`) — and the settlement runs only on its confirm button.
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/http/client';
import { refusalOf } from '@/lib/http/use-form-post';

type Preview = {
  pool: number;
  winning_pool: number;
  losing_pool: number;
  stakers: number;
  winners: number;
  refund_all: boolean;
  paid_to_winners: number;
  top: { user_id: number; nickname: string; stake: number; payout: number }[];
};

export function SettleDialog({
  guessId,
  outcomeId,
  label,
  busy,
  error,
  onSettle,
}: {
  guessId: number;
  outcomeId: number;
  /** The outcome's words. */
  label: string;
  busy: boolean;
  /** The settlement's refusal (null: none). */
  error: string | null;
  /** Settles; `done` closes the sheet once it succeeded. */
  onSettle: (done: () => void) => void;
}) {
  const t = useTranslations('guess');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    queryKey: ['guess', 'settle-preview', guessId, outcomeId],
    enabled: open,
    staleTime: 0,
    queryFn: () =>
      api.get<Preview>(
        'api/guess/settle_preview',
        { guess_id: guessId, outcome_id: outcomeId },
        { silent: true },
      ),
  });
  const data = preview.data;
  const coins = (amount: number) => t('settleSheet.coins', { amount: format.number(amount) });
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" className="h-7 px-2 text-xs" data-testid="guess-settle">
          {t('settleAs')}
        </Button>
      }
      sheet
      title={t('settleSheet.title')}
      description={t('settleSheet.outcome', { outcome: label })}
      width="w-full sm:w-[420px]"
      testId="guess-settle-sheet"
      onSubmit={(event) => {
        event.preventDefault();
        onSettle(() => setOpen(false));
      }}
      error={open ? (error ?? refusalOf(preview.error, t('failed'))) : null}
      closeLabel={t('close')}
      submit={
        <Button type="submit" className="w-full" disabled={busy || !data} data-testid="guess-settle-confirm">
          {t('settleSheet.confirm')}
        </Button>
      }
    >
      {!data ? (
        <Skeleton className="h-28 w-full" />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 rounded-lg bg-canvas px-3 py-2.5 text-center text-sm">
            <div>
              <dt className="text-xs text-ink-500">{t('settleSheet.pool')}</dt>
              <dd className="font-semibold text-ink-900 tabular-nums" data-testid="guess-settle-pool">
                {coins(data.pool)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">{t('settleSheet.winners')}</dt>
              <dd className="font-semibold text-ink-900 tabular-nums" data-testid="guess-settle-winners">
                {t('settleSheet.people', { count: data.winners, stakers: data.stakers })}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">{t('settleSheet.paid')}</dt>
              <dd className="font-semibold text-ink-900 tabular-nums">{coins(data.paid_to_winners)}</dd>
            </div>
          </dl>
          {data.refund_all ? (
            <p className="text-sm text-ink-700" data-testid="guess-settle-refund">
              {t('settleSheet.refundAll')}
            </p>
          ) : (
            <div>
              <p className="mb-1 text-xs text-ink-500">
                {data.winners > data.top.length
                  ? t('settleSheet.topOf', { shown: data.top.length, count: data.winners })
                  : t('settleSheet.each')}
              </p>
              <ol className="max-h-48 divide-y divide-line overflow-y-auto rounded-lg border border-line text-sm">
                {data.top.map((row) => (
                  <li
                    key={row.user_id}
                    className="flex items-center gap-2 px-3 py-1.5"
                    data-testid="guess-settle-winner"
                  >
                    <span className="min-w-0 flex-1 truncate text-ink-900" title={row.nickname}>
                      {row.nickname}
                    </span>
                    <span className="shrink-0 text-xs text-ink-500 tabular-nums">
                      {t('settleSheet.staked', { amount: format.number(row.stake) })}
                    </span>
                    <span className="shrink-0 font-medium text-green-800 tabular-nums">
                      {t('settleSheet.gets', { amount: format.number(row.payout) })}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <p className="text-xs text-ink-500">{t('settleSheet.hold')}</p>
        </>
      )}
    </FormDialog>
  );
}
