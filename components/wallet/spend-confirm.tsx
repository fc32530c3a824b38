// The one confirm step of every spend a person starts (expert plan, nobility, shop exchange, horn, red
// envelope, fan club, a gift at or above the operator's threshold): what is bought, its price in its
// currency, the balance now and after, the terms, and the payment password where the person set one (the
// server refuses the spend without it; nobility insists on one and sets it here when there is none yet, so
// the person never leaves the room). Short of money it says so and
// offers a recharge (star diamonds) instead of the confirm button. The caller owns the request.
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { PAYMENT_PASSWORD_MAX, PAYMENT_PASSWORD_MIN } from '@/lib/accounts/profile-schemas';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { useBalances, type WalletBalances } from '@/lib/wallet/queries';
import { PinField } from './pin-field';
import { RechargeDialog } from './recharge-dialog';

export type SpendCurrency = 'star' | 'yellow' | 'coin';

/**
 * `auto` (the default): asked when the person has set one (`has_payment_password` of the balances);
 * `ask`: the spend checks the payment password and the person has one; `setup`: it checks one and there is
 * none yet (two fields, saved through `api/Member/paymentPassword` before the spend); `none`: no password.
 */
export type SpendPassword = 'auto' | 'none' | 'ask' | 'setup';

export function SpendConfirm({
  open,
  onOpenChange,
  trigger,
  title,
  item,
  price,
  currency,
  terms,
  password: passwordProp = 'auto',
  onPasswordSet,
  onConfirm,
  pending,
  error,
  balances: serverBalances,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it; none when the caller opens it after its own form. */
  trigger?: ReactNode;
  title: string;
  /** What is bought, in one line ("玫瑰 ×10", a plan's title). */
  item: ReactNode;
  price: number;
  currency: SpendCurrency;
  /** The terms, one line each. */
  terms: ReactNode[];
  password?: SpendPassword;
  /** After a password was set in the sheet (the caller's offer now says the person has one). */
  onPasswordSet?: () => void;
  /** Sends the spend (the password typed, or '' when none is asked: send it as `pay_password`). */
  onConfirm: (password: string) => void;
  pending: boolean;
  /** The spend's refusal (null: none). */
  error: string | null;
  balances?: WalletBalances;
}) {
  const t = useTranslations('wallet.spend');
  const format = useFormatter();
  const id = useId();
  const queryClient = useQueryClient();
  const balances = useBalances(serverBalances).data;
  const known = balances?.has_payment_password;
  const password: Exclude<SpendPassword, 'auto'> =
    passwordProp !== 'auto' ? passwordProp : known ? 'ask' : 'none';
  // A server render's figures do not say whether a password is set: read the balances once the sheet opens.
  // After a refusal read them again (a password set meanwhile in another tab is asked for next time).
  useEffect(() => {
    if (open && passwordProp === 'auto' && (known === undefined || error))
      void queryClient.invalidateQueries({ queryKey: queryKeys.balances });
  }, [open, passwordProp, known, error, queryClient]);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const setup = useFormPost<{ password: string; confirm_password: string }>('api/Member/paymentPassword', {
    failed: t('failed'),
  });
  const setupError = setup.error;

  const amount = (value: number) =>
    t('amount', { amount: format.number(value), unit: t(`units.${currency}`) });
  const now = balances?.[currency];
  const after = now === undefined ? undefined : now - price;
  const short = after !== undefined && after < 0;
  const busy = pending || setup.isPending;

  const submit = async () => {
    if (password === 'setup') {
      try {
        await setup.mutateAsync({ password: pin, confirm_password: again });
      } catch {
        return;
      }
      queryClient.setQueryData<WalletBalances>(queryKeys.balances, (current) =>
        current ? { ...current, has_payment_password: true } : current,
      );
      onPasswordSet?.();
    }
    onConfirm(password === 'none' ? '' : pin);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setPin('');
          setAgain('');
          setup.reset();
        }
      }}
      trigger={trigger}
      sheet
      title={title}
      description={item}
      width="w-full sm:w-[420px]"
      testId="spend-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!short && !busy) void submit();
      }}
      error={short ? null : (setupError ?? error)}
      closeLabel={t('close')}
      submit={
        short ? (
          currency === 'star' ? (
            <RechargeDialog
              trigger={
                <Button type="button" className="w-full" data-testid="spend-recharge">
                  {t('recharge')}
                </Button>
              }
            />
          ) : (
            <Dialog.Close asChild>
              <Button type="button" variant="secondary" className="w-full">
                {t('close')}
              </Button>
            </Dialog.Close>
          )
        ) : (
          <Button
            type="submit"
            className="w-full"
            disabled={
              busy ||
              after === undefined ||
              (passwordProp === 'auto' && known === undefined) ||
              (password !== 'none' && !pin) ||
              (password === 'setup' && !again)
            }
            data-testid="spend-confirm-submit"
          >
            {busy ? t('paying') : t('confirm')}
          </Button>
        )
      }
    >
      <dl className="space-y-1.5 rounded-lg bg-canvas px-3 py-2.5 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-ink-700">{t('price')}</dt>
          <dd className="text-lg font-semibold text-ink-900 tabular-nums" data-testid="spend-price">
            {amount(price)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-ink-500">{t('balanceNow')}</dt>
          <dd className="text-ink-700 tabular-nums" data-testid="spend-balance-now">
            {now === undefined ? '…' : amount(now)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-ink-500">{t('balanceAfter')}</dt>
          <dd
            className={`font-medium tabular-nums ${short ? 'text-live' : 'text-ink-900'}`}
            data-testid="spend-balance-after"
          >
            {after === undefined ? '…' : short ? t('shortBy', { amount: amount(-after) }) : amount(after)}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="mb-1 text-xs font-medium text-ink-500">{t('termsTitle')}</h3>
        <ul
          className="list-disc space-y-1 pl-4 text-xs leading-relaxed text-ink-700"
          data-testid="spend-terms"
        >
          {terms.map((line, index) => (
            // The lines are fixed for one sheet: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>{line}</li>
          ))}
        </ul>
      </div>
      {short ? (
        <p role="alert" className="text-sm text-live" data-testid="spend-short">
          {currency === 'star' ? t('short') : t(currency === 'coin' ? 'shortCoin' : 'shortYellow')}
        </p>
      ) : password === 'ask' ? (
        <PinField
          id={`${id}-pin`}
          label={t('password')}
          autoComplete="off"
          value={pin}
          onChange={setPin}
          testId="spend-password"
        />
      ) : password === 'setup' ? (
        <div className="space-y-2">
          <p className="text-xs text-ink-500">
            {t('setupHint', { min: PAYMENT_PASSWORD_MIN, max: PAYMENT_PASSWORD_MAX })}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <PinField
              id={`${id}-new`}
              label={t('newPassword')}
              autoComplete="new-password"
              value={pin}
              onChange={setPin}
              testId="spend-password-new"
            />
            <PinField
              id={`${id}-again`}
              label={t('againPassword')}
              autoComplete="new-password"
              value={again}
              onChange={setAgain}
              testId="spend-password-again"
            />
          </div>
        </div>
      ) : null}
    </FormDialog>
  );
}
