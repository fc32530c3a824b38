'use client';
// The nobility purchase dialog (user centre and live room): tier, months, the price in yellow
// diamonds, what to pay with — yellow diamonds, or star diamonds at the operator's rate with the
// star amount shown before paying — then the spend sheet: balance after, duration and renewal, and the
// payment password (set there when there is none yet: the person stays in the room). Renewing the current
// tier extends it from its end. Short of diamonds: the sheet says so and offers a recharge. Framed by
// DialogFrame (components/ui/form-dialog.tsx), sent by useFormPost.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LABEL_CLASS } from '@/components/ui/field-styles';
import { DialogFrame } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { RechargeDialog } from '@/components/wallet/recharge-dialog';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { cn } from '@/lib/cn';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged, useBalances, type WalletBalances } from '@/lib/wallet/queries';

/** A tier on sale: monthly price in yellow diamonds to open it, renewal price to extend it. */
type Tier = { tier: number; name: string; monthlyPrice: number; renewalPrice: number };
type PayWith = 'yellow' | 'star';
/** What the dialog offers: the tiers, the months, the caller's tier and payment PIN, the star rate. */
export type NobilityOffer = {
  tiers: Tier[];
  months: number[];
  currentTier: number;
  hasPaymentPassword: boolean;
  /** Star diamonds per yellow diamond (config NOBILITY_STAR_RATE). */
  starRate: number;
};
type Bought = { currency: PayWith; balance: number };
const RADIO = 'flex h-10 cursor-pointer items-center justify-center rounded-md border text-sm';
const radioLook = (chosen: boolean) =>
  chosen ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-line text-ink-700';

export function NobilityPurchase({
  offer,
  balances: serverBalances,
  trigger,
  open: controlledOpen,
  onOpenChange,
  onBought,
}: {
  /** Undefined while it loads (the dialog shows its skeleton). */
  offer: NobilityOffer | undefined;
  /** The balances the page was rendered with, if it read them. */
  balances?: WalletBalances;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After a purchase (default: the page is rendered again). */
  onBought?: () => void;
}) {
  const t = useTranslations('nobility');
  const router = useRouter();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        trigger ?? (
          <Button data-testid="nobility-open">{offer?.currentTier ? t('renewOrUpgrade') : t('open')}</Button>
        )
      }
      title={t('dialogTitle')}
      description={t('dialogHint')}
      width="w-[480px] max-w-[calc(100vw-2rem)]"
      testId="nobility-dialog"
      closeLabel={t('close')}
      sheet="phone"
    >
      {offer && !offer.tiers.length ? (
        <p className="mt-5 text-sm text-ink-700" data-testid="nobility-none-on-sale">
          {t('noneOnSale')}
        </p>
      ) : offer ? (
        <PurchaseForm
          offer={offer}
          serverBalances={serverBalances}
          onDone={() => {
            setOpen(false);
            if (onBought) onBought();
            else router.refresh();
          }}
        />
      ) : (
        <div className="mt-5 space-y-4" data-testid="nobility-loading">
          <Skeleton className="h-[68px] w-full" />
          <Skeleton className="h-[68px] w-full" />
          <Skeleton className="h-[68px] w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
    </DialogFrame>
  );
}

function PurchaseForm({
  offer,
  serverBalances,
  onDone,
}: {
  offer: NobilityOffer;
  serverBalances: WalletBalances | undefined;
  onDone: () => void;
}) {
  const t = useTranslations('nobility');
  const tWallet = useTranslations('wallet');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const balances = useBalances(serverBalances).data;
  const { tiers, months, currentTier, hasPaymentPassword, starRate } = offer;
  // The caller's tier when it is on sale, else the lowest one on sale they may buy.
  const [tier, setTier] = useState(
    () =>
      (tiers.find((entry) => entry.tier === currentTier) ?? tiers.find((entry) => entry.tier >= currentTier))
        ?.tier ?? 0,
  );
  const [count, setCount] = useState(months[0] ?? 1);
  // Until the buyer picks: yellow diamonds when they cover the price (anchors), else star diamonds.
  const [picked, setPicked] = useState<PayWith | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Set in the sheet: the offer was read before.
  const [passwordSet, setPasswordSet] = useState(hasPaymentPassword);
  const keys = useRetryKey();
  const chosen = tiers.find((entry) => entry.tier === tier) ?? tiers[0]!;
  const price = (chosen.tier === currentTier ? chosen.renewalPrice : chosen.monthlyPrice) * count;
  const payWith: PayWith = picked ?? (balances && balances.yellow >= price ? 'yellow' : 'star');
  const charge = payWith === 'star' ? price * starRate : price;
  const short = Boolean(balances && balances[payWith] < charge);

  const buy = useFormPost<object, Bought>('api/guard_user/buy', {
    failed: t('failed'),
    success: t('bought', { tier: chosen.name }),
    onSuccess: (bought) => {
      keys.succeeded();
      balancesChanged(queryClient, { [bought.currency]: bought.balance });
      setConfirming(false);
      onDone();
    },
  });
  const pay = (password: string) => {
    const intent = { tier, months: count, pay_with: payWith };
    buy.mutate({ ...intent, pay_password: password, key: keys.for(intent) });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    buy.reset();
    setConfirming(true);
  }

  return (
    <form onSubmit={submit} className="mt-5 space-y-4">
      <fieldset>
        <legend className={LABEL_CLASS}>{t('tier')}</legend>
        <div className="grid grid-cols-5 gap-2">
          {tiers.map((entry) => (
            <label
              key={entry.tier}
              className={cn(
                RADIO,
                radioLook(entry.tier === tier),
                entry.tier < currentTier && 'cursor-not-allowed opacity-40',
              )}
            >
              <input
                type="radio"
                name="nobility-tier"
                className="sr-only"
                checked={entry.tier === tier}
                disabled={entry.tier < currentTier}
                onChange={() => {
                  setTier(entry.tier);
                  buy.reset();
                }}
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
            <label key={value} className={cn(RADIO, radioLook(value === count))}>
              <input
                type="radio"
                name="nobility-months"
                className="sr-only"
                checked={value === count}
                onChange={() => {
                  setCount(value);
                  buy.reset();
                }}
              />
              {t('monthsValue', { count: value })}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('payWith')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['star', 'yellow'] as const).map((currency) => (
            <label
              key={currency}
              className={cn(RADIO, 'h-12 flex-col gap-0 leading-tight', radioLook(currency === payWith))}
              data-testid={`nobility-pay-${currency}`}
            >
              <input
                type="radio"
                name="nobility-pay-with"
                className="sr-only"
                checked={currency === payWith}
                onChange={() => {
                  setPicked(currency);
                  buy.reset();
                }}
              />
              <span>{tWallet(`currency.${currency}`)}</span>
              <span className="text-xs text-ink-500 tabular-nums">
                {balances ? t('have', { amount: format.number(balances[currency]) }) : '\u00a0'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="rounded-md bg-canvas px-3 py-2 text-sm text-ink-700">
        <p className="flex items-baseline justify-between">
          {tier === currentTier ? t('renewNote') : currentTier ? t('upgradeNote') : t('openNote')}
          <span className="text-base font-semibold text-ink-900 tabular-nums" data-testid="nobility-price">
            {t('price', { price: format.number(price) })}
          </span>
        </p>
        <p className="mt-1 flex min-h-5 items-baseline justify-between text-xs text-ink-500">
          {payWith === 'star' ? t('starRate', { rate: format.number(starRate) }) : t('yellowDirect')}
          <span className="text-sm font-semibold text-brand-600 tabular-nums" data-testid="nobility-charge">
            {t(payWith === 'star' ? 'chargeStar' : 'chargeYellow', { amount: format.number(charge) })}
          </span>
        </p>
      </div>
      {short && payWith === 'star' ? (
        <div className="flex items-center justify-between gap-3">
          <p role="alert" className="text-sm text-live" data-testid="nobility-error">
            {t('short')}
          </p>
          {payWith === 'star' ? (
            <RechargeDialog
              trigger={
                <Button type="button" variant="secondary" size="sm" data-testid="nobility-recharge">
                  {tWallet('recharge')}
                </Button>
              }
            />
          ) : null}
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={buy.isPending} data-testid="nobility-submit">
        {spend('next')}
      </Button>
      <SpendConfirm
        open={confirming}
        onOpenChange={(next) => {
          setConfirming(next);
          buy.reset();
        }}
        title={spend('titles.nobility')}
        item={t('sheetItem', { tier: chosen.name, months: t('monthsValue', { count }) })}
        price={charge}
        currency={payWith}
        terms={[
          tier === currentTier ? t('renewNote') : currentTier ? t('upgradeNote') : t('openNote'),
          spend('terms.nobility', { months: count }),
          spend('terms.noRefund'),
        ]}
        password={passwordSet ? 'ask' : 'setup'}
        onPasswordSet={() => setPasswordSet(true)}
        onConfirm={pay}
        pending={buy.isPending}
        error={buy.error}
        balances={serverBalances}
      />
    </form>
  );
}
