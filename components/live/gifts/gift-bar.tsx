'use client';
// The gift bar: catalog or backpack, the count (×1/×10/×66/×520), send with a combo counter that
// grows while the same gift is sent again within seconds, the viewer's star diamonds (the shared
// balances query) with a recharge that stays in the room, and beside it the room's gift ticker and
// contribution ranking. Big gifts play an effect over the video for everyone. A send worth the operator's
// threshold or more (`confirmAt`, lib/system/settings.ts) goes through the spend sheet; below it, one tap.
// On a phone the picker is a bottom sheet opened from the room's action strip (or the gift button over
// the full-screen video); the pushes and effects stay with the room, the ranking has the 排行 tab.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gem, Gift, Package } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { LoginButton } from '@/components/accounts/login-button';
import { RoomSheet } from '@/components/live/phone/room-sheet';
import { useRoomSheet } from '@/components/live/phone/room-sheets';
import { usePhoneLayout } from '@/components/live/phone/use-phone';
import { Button } from '@/components/ui/button';
import { RechargeDialog } from '@/components/wallet/recharge-dialog';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { cn } from '@/lib/cn';
import type { GiftView } from '@/lib/gifts/service';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import type { GiftPush } from '@/lib/realtime/events';
import { balancesChanged, useBalances, type WalletBalances } from '@/lib/wallet/queries';
import { GiftArt } from './gift-art';
import { GiftEffects } from './gift-effects';
import { GiftFeed } from './gift-feed';
import { useGiftPushes } from './use-gift-pushes';

type BackpackItem = GiftView & { quantity: number };
type Sent = { send_id: number; combo: number; balance: number };
const COMBO_SHOWN_MS = 5000;
const TICKER_LINES = 30;

export function GiftBar({
  roomId,
  anchorId,
  viewerId,
  gifts,
  counts,
  recent,
  balances: serverBalances,
  confirmAt,
}: {
  roomId: number;
  anchorId: number;
  viewerId: number | null;
  gifts: GiftView[];
  counts: number[];
  recent: GiftPush[];
  /** The viewer's balances as the page was rendered (null for a guest). */
  balances: WalletBalances | null;
  /** Star diamonds per send from which the sheet asks first (the operator's setting). */
  confirmAt: number;
}) {
  const t = useTranslations('gifts');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'gifts' | 'backpack'>('gifts');
  const [selected, setSelected] = useState<number | null>(gifts[0]?.id ?? null);
  const [count, setCount] = useState(counts[0] ?? 1);
  const balances = useBalances(serverBalances ?? undefined, { signedIn: viewerId !== null });
  const balance = balances.data?.star ?? 0;
  const [confirming, setConfirming] = useState(false);
  const [combo, setCombo] = useState<{ value: number; until: number } | null>(null);
  const [ticker, setTicker] = useState<GiftPush[]>(recent);
  const [effects, setEffects] = useState<GiftPush[]>([]);
  const own = viewerId === anchorId;
  const phone = usePhoneLayout();
  const { sheet, close } = useRoomSheet();
  // The action strip's 背包 opens the sheet on the backpack, its 礼物 on the catalogue.
  const [seenSheet, setSeenSheet] = useState(sheet);
  if (sheet !== seenSheet) {
    setSeenSheet(sheet);
    if (sheet === 'gifts' || sheet === 'backpack') {
      setTab(sheet);
      setSelected(sheet === 'gifts' ? (gifts[0]?.id ?? null) : null);
    }
  }

  const backpack = useQuery({
    queryKey: ['gifts', 'backpack', viewerId],
    enabled: viewerId !== null && tab === 'backpack',
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return (await api.get<{ list: BackpackItem[] }>('api/Gift/getUserGiftList')).list;
    },
  });

  useGiftPushes(roomId, (push) => {
    setTicker((lines) =>
      [push, ...lines.filter((line) => line.send_id !== push.send_id)].slice(0, TICKER_LINES),
    );
    if (push.tier === 'big') setEffects((queue) => [...queue, push]);
    void queryClient.invalidateQueries({ queryKey: ['gifts', 'contribution', roomId] });
  });
  const nextEffect = useCallback(() => setEffects((queue) => queue.slice(1)), []);

  const items: (GiftView & { quantity?: number })[] = tab === 'gifts' ? gifts : (backpack.data ?? []);
  const chosen = items.find((item) => item.id === selected) ?? null;

  const value = chosen && tab === 'gifts' ? chosen.price * count : 0;

  /**
   * Sends; `fromSheet`: the refusal is shown in the sheet, not as a toast, and `password` is the payment
   * password typed there (POST keeps it out of the address).
   */
  // A tap after a send whose answer was lost is its retry (the same key): it never pays twice unseen.
  const keys = useRetryKey();
  const gift = useFormPost<{ fromSheet: boolean; body: object }, Sent>(
    ({ fromSheet, body }) =>
      import('@/lib/http/client').then(({ api }) =>
        api.post<Sent>('api/member/handselGift', body, { silent: fromSheet }),
      ),
    {
      failed: spend('failed'),
      onSuccess: (sent) => {
        keys.succeeded();
        balancesChanged(queryClient, { star: sent.balance });
        setConfirming(false);
        setCombo({ value: sent.combo, until: Date.now() + COMBO_SHOWN_MS });
        setTimeout(() => setCombo((c) => (c && c.until <= Date.now() ? null : c)), COMBO_SHOWN_MS + 50);
        if (tab === 'backpack') void backpack.refetch();
      },
    },
  );
  const sending = gift.isPending;
  // Outside the sheet the client already showed the server's message (insufficient balance, ...).
  const refusal = gift.variables?.fromSheet ? gift.error : null;
  function deliver(fromSheet: boolean, password = '') {
    if (!chosen || sending) return;
    const intent = { room_id: roomId, gift_id: chosen.id, num: count, type: tab === 'backpack' ? 1 : 0 };
    gift.mutate({
      fromSheet,
      body: { ...intent, key: keys.for(intent), ...(fromSheet ? { pay_password: password } : {}) },
    });
  }

  function send() {
    if (!chosen || sending) return;
    if (value >= confirmAt) {
      gift.reset();
      return setConfirming(true);
    }
    deliver(false);
  }

  const picker = (
    <div className="flex min-w-0 flex-col">
      <header className="flex h-11 items-center gap-1 border-b border-line px-3 phone:pr-12">
        <h2 id="gift-bar-title" className="sr-only">
          {t('title')}
        </h2>
        {(
          [
            ['gifts', Gift, t('title')],
            ['backpack', Package, t('backpack')],
          ] as const
        ).map(([key, Icon, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={tab === key}
            onClick={() => {
              setTab(key);
              setSelected(key === 'gifts' ? (gifts[0]?.id ?? null) : null);
            }}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm',
              tab === key ? 'bg-brand-50 font-medium text-brand-600' : 'text-ink-700 hover:text-brand-600',
            )}
          >
            <Icon aria-hidden className="size-4" />
            {label}
          </button>
        ))}
        {viewerId !== null && !own ? (
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="inline-flex items-center gap-1.5 text-ink-700">
              <Gem aria-hidden className="size-4 text-brand-500" />
              <span data-testid="gift-balance" className="tabular-nums">
                {t('balance', { balance: format.number(balance) })}
              </span>
            </span>
            <RechargeDialog
              trigger={
                <button
                  type="button"
                  className="font-medium text-brand-600 hover:underline"
                  data-testid="recharge-open"
                >
                  {t('recharge')}
                </button>
              }
            />
          </div>
        ) : null}
      </header>

      {/* One row of gifts in view (the rest scroll): the bar stays in the room's first screen. */}
      <div className="min-h-[118px] flex-1 p-2">
        {tab === 'backpack' && viewerId !== null && backpack.isSuccess && items.length === 0 ? (
          <p className="flex h-full min-h-[102px] items-center justify-center text-sm text-ink-500">
            {t('backpackEmpty')}
          </p>
        ) : (
          <ul className="grid max-h-[102px] grid-cols-[repeat(auto-fill,minmax(84px,1fr))] gap-2 overflow-y-auto overscroll-contain phone:max-h-[min(232px,40dvh)] land:max-h-none">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={item.id === selected}
                  onClick={() => setSelected(item.id)}
                  data-testid={`gift-${item.code}`}
                  className={cn(
                    'flex w-full flex-col items-center gap-1 rounded-lg border px-1 py-2 text-center transition-colors',
                    item.id === selected
                      ? 'border-brand-500 bg-brand-50'
                      : 'border-transparent hover:border-line hover:bg-canvas',
                  )}
                >
                  <GiftArt code={item.code} image={item.image} size={44} />
                  <span className="w-full truncate text-xs font-medium text-ink-900" title={item.name}>
                    {item.name}
                  </span>
                  <span className="text-[11px] text-ink-500 tabular-nums">
                    {item.quantity !== undefined
                      ? t('owned', { count: item.quantity })
                      : t('price', { price: format.number(item.price) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <footer className="flex h-14 items-center gap-2 border-t border-line px-3">
        {own ? (
          <p className="text-sm text-ink-500">{t('own')}</p>
        ) : (
          <>
            <fieldset className="flex rounded-md bg-canvas p-0.5">
              <legend className="sr-only">{t('countLabel')}</legend>
              {counts.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={count === value}
                  onClick={() => setCount(value)}
                  className={cn(
                    'h-8 min-w-12 rounded px-2 text-sm tabular-nums',
                    count === value ? 'bg-surface font-semibold text-brand-600 shadow-sm' : 'text-ink-700',
                  )}
                >
                  {t('count', { count: value })}
                </button>
              ))}
            </fieldset>
            {combo && combo.value > 1 ? (
              <span
                key={combo.value}
                data-testid="gift-combo"
                className="ml-2 animate-gift-pop text-lg font-bold italic text-brand-500 tabular-nums"
              >
                {t('combo', { combo: combo.value })}
              </span>
            ) : null}
            <div className="ml-auto">
              {viewerId === null ? (
                <LoginButton
                  label={t('login')}
                  className="h-10 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600"
                />
              ) : (
                <>
                  <Button
                    onClick={send}
                    disabled={!chosen || sending}
                    data-testid="gift-send"
                    className="px-6"
                  >
                    {t('send')}
                  </Button>
                  {chosen ? (
                    <SpendConfirm
                      open={confirming}
                      onOpenChange={setConfirming}
                      title={spend('titles.gift')}
                      item={t('sheetItem', { name: chosen.name, count })}
                      price={value}
                      currency="star"
                      terms={[spend('terms.gift'), spend('terms.giftThreshold', { stars: confirmAt })]}
                      onConfirm={(password) => deliver(true, password)}
                      pending={sending}
                      error={refusal}
                      balances={serverBalances ?? undefined}
                    />
                  ) : null}
                </>
              )}
            </div>
          </>
        )}
      </footer>
    </div>
  );

  if (phone)
    return (
      <>
        <RoomSheet
          open={sheet === 'gifts' || sheet === 'backpack'}
          onOpenChange={(open) => !open && close()}
          title={t('title')}
          closeLabel={t('close')}
          testId="gift-sheet"
          hideTitle
        >
          {picker}
        </RoomSheet>
        <GiftEffects queue={effects} onDone={nextEffect} />
      </>
    );
  return (
    <section
      aria-labelledby="gift-bar-title"
      className="grid grid-cols-1 rounded-xl border border-line bg-surface phone:hidden layout:grid-cols-[minmax(0,1fr)_300px]"
      data-testid="gift-bar"
    >
      {picker}
      <GiftFeed roomId={roomId} ticker={ticker} />
      <GiftEffects queue={effects} onDone={nextEffect} />
    </section>
  );
}
