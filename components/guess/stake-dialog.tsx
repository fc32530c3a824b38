// A viewer's stake on one option of a fun-guess, in coins (a guest is asked to sign in first): the balance,
// presets, and on a refusal the way to earn more coins. One idempotency key per attempt.
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import type { GuessPanelItem } from '@/lib/guess/api';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { Link } from '@/lib/i18n/navigation';
import { openLoginDialog } from '@/lib/store/atoms';
import { balancesChanged, useBalances } from '@/lib/wallet/queries';

const PRESETS = [10, 50, 100];

export function StakeDialog({
  guess,
  outcome,
  label,
  viewerId,
  onDone,
}: {
  guess: GuessPanelItem;
  outcome: GuessPanelItem['outcomes'][number];
  label: string;
  viewerId: number | null;
  onDone: () => void;
}) {
  const t = useTranslations('guess');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const balances = useBalances(undefined, { signedIn: viewerId !== null });
  const [amount, setAmount] = useState('10');
  const keys = useRetryKey();
  const stake = useFormPost<object, { balance: number }>('api/guess/stake', {
    failed: t('failed'),
    onSuccess: (done) => {
      keys.succeeded();
      setOpen(false);
      balancesChanged(queryClient, { coin: done.balance });
      onDone();
    },
  });
  const coins = balances.data?.coin ?? 0;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return openLoginDialog();
        setOpen(next);
      }}
      send={stake}
      trigger={
        <Button size="sm" className="h-7 px-2.5 text-xs" data-testid="guess-stake">
          {t('stake')}
        </Button>
      }
      title={t('stakeDialog.title')}
      description={`${guess.question} · ${t('stakeDialog.on', { outcome: label })}`}
      width="w-[min(92vw,380px)]"
      testId="guess-stake-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        const intent = { guess_id: guess.id, outcome_id: outcome.id, amount };
        stake.mutate({ ...intent, key: keys.for(intent) });
      }}
      error={
        stake.error ? (
          <>
            {stake.error}{' '}
            <Link href="/member?type=18" className="underline">
              {t('stakeDialog.earn')}
            </Link>
          </>
        ) : null
      }
      closeLabel={t('close')}
      submit={
        <Button type="submit" className="w-full" disabled={stake.isPending || !amount}>
          {t('stakeDialog.submit')}
        </Button>
      }
    >
      <p className="text-sm text-ink-700 tabular-nums" data-testid="guess-coins">
        {t('stakeDialog.balance', { coins: format.number(coins) })}
      </p>
      <div>
        <label htmlFor={`stake-${outcome.id}`} className={LABEL_CLASS}>
          {t('stakeDialog.amount')}
        </label>
        <input
          id={`stake-${outcome.id}`}
          className={INPUT_CLASS}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/\D/g, ''))}
        />
        <div className="mt-2 flex gap-2">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="h-7 rounded-full border border-line px-3 text-xs text-ink-700 hover:border-brand-400"
              onClick={() => setAmount(String(preset))}
            >
              {format.number(preset)}
            </button>
          ))}
        </div>
      </div>
      <p className="text-xs text-ink-500">{t('stakeDialog.coinsOnly')}</p>
    </FormDialog>
  );
}
