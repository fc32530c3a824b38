// Recharge without leaving the page (the live room): the wallet's recharge form in a dialog; the
// provider's page opens in a window of its own, and the dialog follows the order until the provider's
// notification credited it, then shows the new balance, which every balance on the page shares.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, Gem, Loader2, XCircle } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { EmptyState } from '@/components/ui/empty-state';
import { PHONE_SHEET } from '@/components/ui/sheet-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { balancesChanged, useBalances } from '@/lib/wallet/queries';
import { type RechargeChannel, RechargeForm, type RechargeRule } from './recharge-form';

type Pending = { orderNo: string; url: string; windowOpened: boolean };
type Order = {
  order_no: string;
  diamonds: number;
  status: 'pending' | 'paid' | 'cancelled' | 'paid_after_cancel';
};
/** How often the dialog asks about an order it waits for (the pay window may close without a word). */
const ORDER_POLL_MS = 2_000;

const client = () => import('@/lib/http/client');

async function loadOffer() {
  const { api } = await client();
  const [rules, channels] = await Promise.all([
    api.get<{
      list: { id: number; diamonds: number; bonus: number; price_minor: number; price_currency: string }[];
    }>('api/chargerules/getList'),
    api.get<{ list: RechargeChannel[] }>('api/pay/getPayChannelList'),
  ]);
  return {
    rules: rules.list.map(
      (rule): RechargeRule => ({
        id: rule.id,
        diamonds: rule.diamonds,
        bonus: rule.bonus,
        priceMinor: rule.price_minor,
        currency: rule.price_currency,
      }),
    ),
    channels: channels.list,
  };
}

export function RechargeDialog({ trigger }: { trigger: ReactNode }) {
  const t = useTranslations('wallet');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPending(null);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="recharge-dialog"
          className={`fixed top-1/2 left-1/2 z-50 w-[600px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface shadow-2xl ${PHONE_SHEET}`}
        >
          <div className="border-b border-line px-6 pt-5 pb-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-ink-900">
              <Gem aria-hidden className="size-5 text-brand-500" />
              {t('recharge')}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-ink-500">
              {t('roomRecharge.hint')}
            </Dialog.Description>
          </div>
          {pending ? (
            <OrderProgress pending={pending} onAgain={() => setPending(null)} />
          ) : (
            <Offer onOrder={setPending} />
          )}
          <DialogClose label={t('roomRecharge.close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Offer({ onOrder }: { onOrder: (pending: Pending) => void }) {
  const t = useTranslations('wallet');
  const offer = useQuery({ queryKey: ['wallet', 'recharge-offer'], queryFn: loadOffer, staleTime: 60_000 });
  if (offer.isPending)
    return (
      <div className="space-y-4 p-5" data-testid="recharge-loading">
        <Skeleton className="h-8 w-40" />
        <div className="grid grid-cols-3 gap-3">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed list
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (offer.isError || !offer.data.rules.length || !offer.data.channels.length)
    return (
      <div className="p-5">
        <EmptyState
          icon={Gem}
          title={t('roomRecharge.unavailable')}
          hint={t('roomRecharge.unavailableHint')}
          action={
            offer.isError ? (
              <Button variant="secondary" onClick={() => offer.refetch()}>
                {t('roomRecharge.retry')}
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  return <RechargeForm rules={offer.data.rules} channels={offer.data.channels} onOrder={onOrder} compact />;
}

function OrderProgress({ pending, onAgain }: { pending: Pending; onAgain: () => void }) {
  const t = useTranslations('wallet');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const balances = useBalances();
  const order = useQuery({
    queryKey: ['wallet', 'order', pending.orderNo],
    queryFn: async () => {
      const { api } = await client();
      return api.get<Order>('api/pay/orderInfo', { order_no: pending.orderNo }, { silent: true });
    },
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'pending' ? ORDER_POLL_MS : false,
    // Coming back from the pay window asks at once.
    refetchOnWindowFocus: true,
  });
  const status = order.data?.status ?? 'pending';
  const paid = status === 'paid' || status === 'paid_after_cancel';
  useEffect(() => {
    if (paid) balancesChanged(queryClient);
  }, [paid, queryClient]);

  return (
    <div className="space-y-4 px-6 py-6" data-testid="recharge-progress">
      {paid ? (
        <div role="status" className="flex flex-col items-center gap-2 py-2 text-center">
          <CheckCircle2 aria-hidden className="size-10 text-win" />
          <p className="font-medium text-ink-900" data-testid="recharge-result">
            {t('checkout.paid', { diamonds: format.number(order.data?.diamonds ?? 0) })}
          </p>
          <p className="text-sm text-ink-700">
            {t('roomRecharge.balanceNow')}{' '}
            <span className="font-semibold text-ink-900 tabular-nums" data-testid="recharge-balance">
              {balances.data ? format.number(balances.data.star) : '…'}
            </span>
          </p>
        </div>
      ) : status === 'cancelled' ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-4 text-ink-700"
          data-testid="recharge-result"
        >
          <XCircle aria-hidden className="size-5 text-ink-500" />
          {t('checkout.cancelled')}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <Loader2 aria-hidden className="size-8 animate-spin text-brand-500" />
          <p className="text-ink-900" data-testid="recharge-waiting">
            {t(pending.windowOpened ? 'roomRecharge.waiting' : 'roomRecharge.blocked')}
          </p>
          <p className="font-mono text-xs text-ink-500">
            {t('checkout.order')} {pending.orderNo}
          </p>
          <a
            href={pending.url}
            target="kickoff-pay"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
          >
            <ExternalLink aria-hidden className="size-4" />
            {t('roomRecharge.openPayment')}
          </a>
        </div>
      )}
      <div className="flex justify-end gap-3">
        {status === 'pending' ? null : (
          <Button variant="secondary" onClick={onAgain} data-testid="recharge-again">
            {t('roomRecharge.again')}
          </Button>
        )}
        <Dialog.Close asChild>
          <Button className="min-w-28">{t(paid ? 'roomRecharge.done' : 'roomRecharge.later')}</Button>
        </Dialog.Close>
      </div>
    </div>
  );
}
