'use client';
// Recharge: a package (per currency), a channel that takes that currency, then the provider's page
// (the sandbox checkout on a fresh install): in place of this page (the wallet), or in a window of
// its own while the page stays (the live room's recharge dialog, `onOrder`).
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

export type RechargeRule = {
  id: number;
  diamonds: number;
  bonus: number;
  priceMinor: number;
  currency: string;
};
export type RechargeChannel = { channel: string; name: string; currencies: string[] };
type Rule = RechargeRule;
type Channel = RechargeChannel;
/** The window the provider's page opens in when the form stays on screen. */
const PAY_WINDOW = 'kickoff-pay';

/** CNY is priced in fen; VND has no minor unit. */
const MINOR_DIGITS: Record<string, number> = { CNY: 2, VND: 0 };

export function RechargeForm({
  rules,
  channels,
  onOrder,
  compact = false,
}: {
  rules: Rule[];
  channels: Channel[];
  /**
   * Set: the provider's page opens in a window of its own and this page stays; called with the order
   * and whether that window opened (a blocked pop-up leaves the address to open by hand).
   */
  onOrder?: (order: { orderNo: string; url: string; windowOpened: boolean }) => void;
  /** Fewer packages per row (a dialog). */
  compact?: boolean;
}) {
  const t = useTranslations('wallet');
  const format = useFormatter();
  const currencies = [...new Set(rules.map((rule) => rule.currency))];
  const [currency, setCurrency] = useState(currencies[0] ?? 'CNY');
  const shown = rules.filter((rule) => rule.currency === currency);
  const [ruleId, setRuleId] = useState<number | null>(shown[0]?.id ?? null);
  const usable = channels.filter((channel) => channel.currencies.includes(currency));
  const [channel, setChannel] = useState(usable[0]?.channel ?? '');
  const rule = shown.find((r) => r.id === ruleId) ?? null;
  const price = (r: Rule) =>
    format.number(r.priceMinor / 10 ** (MINOR_DIGITS[r.currency] ?? 2), {
      style: 'currency',
      currency: r.currency,
    });

  // A refusal is toasted by the shared client.
  const ordering = useFormPost<
    { id: number; channel: string; payWindow: Window | null },
    { url: string; order: { order_no: string } }
  >(
    ({ id, channel }) =>
      import('@/lib/http/client').then(({ api }) => api.get('api/chargerules/payUrl', { id, channel })),
    {
      onSuccess: ({ url, order }, { payWindow }) => {
        if (!onOrder) return window.location.assign(url);
        if (payWindow) payWindow.location.href = url;
        onOrder({ orderNo: order.order_no, url, windowOpened: payWindow !== null });
      },
      onError: (_, { payWindow }) => payWindow?.close(),
    },
  );
  // Leaving for the payment page: the button stays off until the page is gone.
  const busy = ordering.isPending || (!onOrder && ordering.isSuccess);

  function pay() {
    if (!rule || !channel) return;
    // Opened in the click itself (a window opened after the request would count as a pop-up).
    const payWindow = onOrder ? window.open('', PAY_WINDOW) : null;
    ordering.mutate({ id: rule.id, channel, payWindow });
  }

  return (
    <div className="space-y-4 sm:p-5">
      <div className="flex items-center gap-2 text-sm">
        <span className="text-ink-500">{t('currencyLabel')}</span>
        {currencies.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={code === currency}
            onClick={() => {
              setCurrency(code);
              const first = rules.find((r) => r.currency === code);
              setRuleId(first?.id ?? null);
              setChannel(channels.find((c) => c.currencies.includes(code))?.channel ?? '');
            }}
            className={cn(
              'h-8 rounded-md border px-3',
              code === currency ? 'border-brand-500 bg-brand-50 text-brand-600' : 'border-line text-ink-700',
            )}
          >
            {code}
          </button>
        ))}
      </div>
      <ul
        className={cn('grid gap-3', compact ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6')}
        aria-label={t('choosePackage')}
      >
        {shown.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              aria-pressed={r.id === ruleId}
              data-testid={`package-${r.currency}-${r.diamonds}`}
              onClick={() => setRuleId(r.id)}
              className={cn(
                'flex h-24 w-full flex-col items-center justify-center rounded-lg border text-center',
                r.id === ruleId ? 'border-brand-500 bg-brand-50' : 'border-line hover:border-brand-400',
              )}
            >
              <span className="font-semibold text-ink-900 tabular-nums">
                {t('package', { diamonds: r.diamonds })}
              </span>
              <span className="mt-0.5 h-4 text-xs text-brand-600">
                {r.bonus ? t('bonus', { bonus: r.bonus }) : ''}
              </span>
              <span className="mt-1 text-sm text-ink-500 tabular-nums">{price(r)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-ink-500">{t('channel')}</span>
        {usable.map((c) => (
          <label
            key={c.channel}
            className={cn(
              'flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm',
              c.channel === channel ? 'border-brand-500 text-brand-600' : 'border-line text-ink-700',
            )}
          >
            <input
              type="radio"
              name="channel"
              value={c.channel}
              checked={c.channel === channel}
              onChange={() => setChannel(c.channel)}
              className="accent-brand-500"
            />
            {c.name}
          </label>
        ))}
        <Button
          className="ml-auto min-w-40 max-sm:w-full"
          onClick={pay}
          disabled={!rule || !channel || busy}
          data-testid="recharge-pay"
        >
          {rule ? t('pay', { price: price(rule) }) : t('choosePackage')}
        </Button>
      </div>
    </div>
  );
}
