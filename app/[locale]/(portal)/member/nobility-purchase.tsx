'use client';
// The nobility purchase dialog: tier, months, the price in yellow diamonds, and the payment password
// that confirms it. Renewing the current tier extends it from its end.
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';

type Tier = { tier: number; name: string; monthlyPrice: number };
const newKey = () => crypto.randomUUID().replaceAll('-', '');

export function NobilityPurchase({
  tiers,
  months,
  currentTier,
  hasPaymentPassword,
}: {
  tiers: Tier[];
  months: number[];
  currentTier: number;
  hasPaymentPassword: boolean;
}) {
  const t = useTranslations('nobility');
  const format = useFormatter();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [tier, setTier] = useState(Math.max(currentTier, 1));
  const [count, setCount] = useState(months[0] ?? 1);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newKey);
  const chosen = tiers.find((entry) => entry.tier === tier)!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { api, ApiError } = await import('@/lib/http/client');
    try {
      await api.post(
        'api/guard_user/buy',
        { tier, months: count, pay_password: password, key },
        { silent: true },
      );
      setOpen(false);
      setPassword('');
      router.refresh();
      import('sonner').then(({ toast }) => toast.success(t('bought', { tier: chosen.name })));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
    } finally {
      setKey(newKey());
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button data-testid="nobility-open">{currentTier ? t('renewOrUpgrade') : t('open')}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="nobility-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[480px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink-900">{t('dialogTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-500">{t('dialogHint')}</Dialog.Description>
          <form onSubmit={submit} className="mt-5 space-y-4">
            <fieldset>
              <legend className={LABEL_CLASS}>{t('tier')}</legend>
              <div className="grid grid-cols-5 gap-2">
                {tiers.map((entry) => (
                  <label
                    key={entry.tier}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center rounded-md border text-sm',
                      entry.tier === tier
                        ? 'border-brand-500 bg-brand-50 text-brand-700'
                        : 'border-line text-ink-700',
                      entry.tier < currentTier && 'cursor-not-allowed opacity-40',
                    )}
                  >
                    <input
                      type="radio"
                      name="nobility-tier"
                      className="sr-only"
                      checked={entry.tier === tier}
                      disabled={entry.tier < currentTier}
                      onChange={() => setTier(entry.tier)}
                    />
                    {entry.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className={LABEL_CLASS}>{t('months')}</legend>
              <div className="grid grid-cols-4 gap-2">
                {months.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center rounded-md border text-sm',
                      value === count
                        ? 'border-brand-500 bg-brand-50 text-brand-700'
                        : 'border-line text-ink-700',
                    )}
                  >
                    <input
                      type="radio"
                      name="nobility-months"
                      className="sr-only"
                      checked={value === count}
                      onChange={() => setCount(value)}
                    />
                    {t('monthsValue', { count: value })}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="flex items-baseline justify-between rounded-md bg-canvas px-3 py-2 text-sm text-ink-700">
              {tier === currentTier ? t('renewNote') : currentTier ? t('upgradeNote') : t('openNote')}
              <span
                className="text-base font-semibold text-ink-900 tabular-nums"
                data-testid="nobility-price"
              >
                {t('price', { price: format.number(chosen.monthlyPrice * count) })}
              </span>
            </p>
            {hasPaymentPassword ? (
              <div>
                <label htmlFor="nobility-password" className={LABEL_CLASS}>
                  {t('password')}
                </label>
                <input
                  id="nobility-password"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  className={INPUT_CLASS}
                  data-testid="nobility-password"
                />
              </div>
            ) : (
              <p className="text-sm text-ink-700">
                {t('noPassword')}{' '}
                <Link href="/member?type=1" className="font-medium text-brand-600 hover:underline">
                  {t('setPassword')}
                </Link>
              </p>
            )}
            {error ? (
              <p role="alert" className="text-sm text-live" data-testid="nobility-error">
                {error}
              </p>
            ) : null}
            <Button
              type="submit"
              className="w-full"
              disabled={pending || !hasPaymentPassword || !password}
              data-testid="nobility-submit"
            >
              {t('confirm')}
            </Button>
          </form>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
