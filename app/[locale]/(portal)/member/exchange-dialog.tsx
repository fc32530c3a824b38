'use client';
// The exchange dialog of the shop tab: quantity, the delivery address for physical goods, the total
// and what is left, then the spend sheet (coins after, delivery and cancelling) and `api/goods/exchange`
// with a key per request (lib/http/retry-key.ts: a retry after a lost answer is the same exchange).
import { useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged } from '@/lib/wallet/queries';
import { FormError } from './form-error';

type Address = { id: number; name: string; phone: string; region: string; detail: string };

export function ExchangeDialog({
  goods,
  coins,
  addresses,
  blocked,
  image,
}: {
  goods: { id: number; name: string; kind: string; price: number; max: number };
  coins: number;
  addresses: Address[];
  /** Why the button is off (sold out, limit, coins), or null. */
  blocked: string | null;
  image: ReactNode;
}) {
  const t = useTranslations('shop');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [addressId, setAddressId] = useState<number | null>(addresses[0]?.id ?? null);
  const keys = useRetryKey('ex-');
  const exchange = useFormPost<Record<string, string | number>>('api/goods/exchange', {
    refresh: true,
    success: t('done'),
    failed: t('failed'),
  });
  const physical = goods.kind === 'physical';
  // Addresses arrive with the page (a new one after a refresh): fall back to the newest when none is chosen.
  const selected = addresses.some((address) => address.id === addressId)
    ? addressId
    : (addresses[0]?.id ?? null);
  const total = goods.price * quantity;
  const confirm = (password: string) => {
    const intent = { id: goods.id, num: quantity, ...(physical && selected ? { address_id: selected } : {}) };
    exchange.mutate(
      { ...intent, key: keys.for(intent), pay_password: password },
      {
        onSuccess: () => {
          balancesChanged(queryClient);
          setConfirming(false);
          setOpen(false);
          setQuantity(1);
          keys.succeeded();
        },
      },
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" className="mt-1 w-full" disabled={Boolean(blocked)}>
          {blocked ?? t('exchange')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[460px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl"
          data-testid="exchange-dialog"
        >
          <DialogClose label={t('cancel')} />
          <Dialog.Title className="text-base font-semibold text-ink-900">
            {t('dialogTitle', { name: goods.name })}
          </Dialog.Title>
          <div className="mt-4 flex items-center gap-4">
            {image}
            <Dialog.Description className="text-sm text-ink-500">
              {physical ? t('physicalNote') : t('virtualNote')}
            </Dialog.Description>
          </div>
          <div className="mt-4 w-32">
            <label htmlFor={`qty-${goods.id}`} className={LABEL_CLASS}>
              {t('quantity')}
            </label>
            <input
              id={`qty-${goods.id}`}
              type="number"
              min={1}
              max={Math.max(1, goods.max)}
              className={INPUT_CLASS}
              value={quantity}
              onChange={(event) =>
                setQuantity(
                  Math.max(1, Math.min(Math.max(1, goods.max), Math.trunc(Number(event.target.value)) || 1)),
                )
              }
            />
          </div>
          {physical ? (
            <fieldset className="mt-4">
              <legend className={LABEL_CLASS}>{t('address')}</legend>
              {addresses.length ? (
                <div className="max-h-40 space-y-2 overflow-y-auto">
                  {addresses.map((address) => (
                    <label
                      key={address.id}
                      className="flex cursor-pointer items-start gap-2 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50"
                    >
                      <input
                        type="radio"
                        name={`address-${goods.id}`}
                        className="mt-1"
                        checked={selected === address.id}
                        onChange={() => setAddressId(address.id)}
                      />
                      <span>
                        <span className="font-medium text-ink-900">
                          {address.name} {address.phone}
                        </span>
                        <span className="block text-ink-500">
                          {address.region} {address.detail}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              ) : (
                <p className="rounded-md bg-canvas px-3 py-2 text-sm text-ink-700">{t('noAddress')}</p>
              )}
            </fieldset>
          ) : null}
          <p className="mt-4 flex items-center gap-1.5 text-sm text-ink-700">
            <Coins aria-hidden className="size-4 text-amber-500" />
            {t('total', { total: format.number(total), left: format.number(Math.max(0, coins - total)) })}
          </p>
          {confirming ? null : <FormError message={exchange.error} />}
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button type="button" variant="secondary">
                {t('cancel')}
              </Button>
            </Dialog.Close>
            <Button
              type="button"
              onClick={() => {
                exchange.reset();
                setConfirming(true);
              }}
              disabled={exchange.isPending || total > coins || (physical && !selected)}
              data-testid="exchange-next"
            >
              {spend('next')}
            </Button>
          </div>
          <SpendConfirm
            open={confirming}
            onOpenChange={(next) => {
              setConfirming(next);
              exchange.reset();
            }}
            title={spend('titles.shop')}
            item={t('sheetItem', { name: goods.name, quantity })}
            price={total}
            currency="coin"
            terms={[physical ? spend('terms.shopPhysical') : spend('terms.shopVirtual')]}
            onConfirm={confirm}
            pending={exchange.isPending}
            error={exchange.error}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
