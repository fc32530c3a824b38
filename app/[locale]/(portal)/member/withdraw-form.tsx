'use client';
// Applying for a withdrawal: amount in yellow diamonds, where to, and the payment PIN; the fee and
// what arrives are shown before sending. The request's key (lib/http/retry-key.ts) makes a double submit or
// a retry after a lost answer harmless.
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

export function WithdrawForm({
  available,
  min,
  feePercent,
  methods,
}: {
  available: number;
  min: number;
  feePercent: number;
  methods: { bank: boolean; alipay: boolean };
}) {
  const t = useTranslations('earnings.withdraw');
  const format = useFormatter();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'bank' | 'alipay'>(
    methods.bank || !methods.alipay ? 'bank' : 'alipay',
  );
  const [password, setPassword] = useState('');
  const keys = useRetryKey('wd-');
  const apply = useFormPost<Record<string, string>>('api/Balance/applyForWithdrawal', {
    refresh: true,
    success: t('applied'),
    failed: t('failed'),
  });
  const value = Number(amount);
  const valid = Number.isSafeInteger(value) && value > 0;
  const fee = valid ? Math.min(value - 1, Math.ceil((value * feePercent) / 100)) : 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(
      { amount, type: method, pay_password: password, key: keys.for({ amount, type: method }) },
      {
        onSuccess: () => {
          setAmount('');
          setPassword('');
          keys.succeeded();
        },
        onError: () => setPassword(''),
      },
    );
  };
  if (!methods.bank && !methods.alipay) return <p className="text-sm text-ink-500">{t('bindFirst')}</p>;
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-4 sm:grid-cols-3"
      noValidate
      data-testid="withdraw-form"
    >
      <div>
        <label htmlFor="withdraw-amount" className={LABEL_CLASS}>
          {t('amount')}
        </label>
        <input
          id="withdraw-amount"
          inputMode="numeric"
          className={INPUT_CLASS}
          placeholder={t('amountHint', { min: format.number(min) })}
          value={amount}
          onChange={(event) => setAmount(event.target.value.trim())}
        />
        <p className="mt-1 text-xs text-ink-500">
          {t('available', { amount: format.number(available) })}{' '}
          <button
            type="button"
            className="text-brand-600 hover:underline"
            onClick={() => setAmount(String(available))}
          >
            {t('all')}
          </button>
        </p>
      </div>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('to')}</legend>
        <div className="flex gap-2">
          {(['bank', 'alipay'] as const).map((option) => (
            <label
              key={option}
              className={cn(
                'flex h-10 flex-1 cursor-pointer items-center justify-center rounded-md border text-sm',
                method === option
                  ? 'border-brand-400 bg-brand-50 font-medium text-brand-600'
                  : 'border-line text-ink-700',
                !methods[option] && 'cursor-not-allowed opacity-50',
              )}
            >
              <input
                type="radio"
                name="withdraw-method"
                className="sr-only"
                disabled={!methods[option]}
                checked={method === option}
                onChange={() => setMethod(option)}
              />
              {t(`method.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="withdraw-password" className={LABEL_CLASS}>
          {t('password')}
        </label>
        <input
          id="withdraw-password"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          className={INPUT_CLASS}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-3">
        <Button type="submit" disabled={apply.isPending || !amount || !password}>
          {apply.isPending ? t('applying') : t('apply')}
        </Button>
        <p className="text-sm text-ink-500 tabular-nums" data-testid="withdraw-preview">
          {valid
            ? t('preview', { fee: format.number(fee), payout: format.number(value - fee) })
            : t('rules', { min: format.number(min), fee: format.number(feePercent) })}
        </p>
        <FormError message={apply.error} />
      </div>
    </form>
  );
}
