// Red envelopes in a live room: the room's open envelopes as icons everybody sees (fetched, then kept
// fresh by `redEnvelope` pushes), grabbing one with its result dialog, and the sending dialog, which
// confirms through the spend sheet (amount, balance after, what comes back unclaimed); framed by
// FormDialog, sent by useFormPost.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { RED_ENVELOPE_TTL_MS } from '@/lib/red-envelopes/rules';
import { appStore, openLoginDialog, realtimeMessagesAtom } from '@/lib/store/atoms';
import { balancesChanged } from '@/lib/wallet/queries';

type Person = { id: number; nickname: string; avatar: string };
type OpenEnvelope = { id: number; shares: number; left: number; expires_at: string; sender: Person };
type Info = {
  id: number;
  sender: Person;
  amount: number;
  shares: number;
  claimed_shares: number;
  expired: boolean;
  mine: number | null;
  claims: { user_id: number; nickname: string; avatar: string; amount: number }[];
};

const client = () => import('@/lib/http/client');

/** The room's open envelopes; `afterPush`: read with the envelope a push announced (after-push.ts). */
async function openEnvelopes(roomId: number, afterPush = false) {
  const { api } = await client();
  const reply = await api.get<{ list: OpenEnvelope[] }>(
    'api/Redenvelope/getRedInfo',
    { room_id: roomId },
    { afterPush },
  );
  return reply.list;
}

/** Calls `onPush` on every `redEnvelope` push for this room. */
function useEnvelopePushes(roomId: number, onPush: () => void) {
  useEffect(() => {
    let last: unknown = appStore.get(realtimeMessagesAtom).redEnvelope;
    return appStore.sub(realtimeMessagesAtom, () => {
      const message = appStore.get(realtimeMessagesAtom).redEnvelope as { room_id: number } | undefined;
      if (!message || message === last) return;
      last = message;
      if (message.room_id === roomId) onPush();
    });
  }, [roomId, onPush]);
}

export function RoomRedEnvelopes({ roomId, viewerId }: { roomId: number; viewerId: number | null }) {
  const t = useTranslations('redEnvelope');
  const queryClient = useQueryClient();
  const queryKey = ['redEnvelopes', roomId] as const;
  const open = useQuery({ queryKey, queryFn: () => openEnvelopes(roomId), refetchInterval: 30_000 });
  const [refresh] = useState(() => () => void queryClient.invalidateQueries({ queryKey }));
  // A push names an envelope someone else just sent: read with it (lib/http/after-push.ts).
  const [refreshAfterPush] = useState(
    () => () =>
      void queryClient.fetchQuery({ queryKey, queryFn: () => openEnvelopes(roomId, true) }).catch(() => {}),
  );
  useEnvelopePushes(roomId, refreshAfterPush);
  const [result, setResult] = useState<{ id: number; amount: number | null; error: string | null } | null>(
    null,
  );
  const [grabbing, setGrabbing] = useState<number | null>(null);
  const grabKeys = useRetryKey();

  async function grab(id: number) {
    if (viewerId === null) return openLoginDialog();
    setGrabbing(id);
    const { api, ApiError } = await client();
    try {
      const got = await api.post<{ amount: number }>(
        'api/Redenvelope/receiveRed',
        { red_id: id, key: grabKeys.for({ red_id: id }) },
        { silent: true },
      );
      grabKeys.succeeded();
      setResult({ id, amount: got.amount, error: null });
      balancesChanged(queryClient);
    } catch (failure) {
      setResult({ id, amount: null, error: failure instanceof ApiError ? failure.message : t('failed') });
    } finally {
      setGrabbing(null);
      refresh();
    }
  }

  const list = open.data ?? [];
  return (
    <>
      {list.length ? (
        <ul className="flex items-center gap-2" aria-label={t('open')} data-testid="red-envelopes">
          {list.map((envelope) => (
            <li key={envelope.id}>
              <button
                type="button"
                onClick={() => grab(envelope.id)}
                disabled={grabbing === envelope.id}
                data-testid="red-envelope-icon"
                title={t('from', { name: envelope.sender.nickname })}
                className="relative flex h-10 w-8 flex-col items-center justify-center rounded-md bg-gradient-to-b from-red-500 to-red-700 text-[10px] font-bold text-amber-200 shadow-md ring-1 ring-red-800 transition-transform hover:-translate-y-0.5 disabled:opacity-60"
              >
                <span className="grid size-4 place-items-center rounded-full bg-amber-300 text-[9px] text-red-700">
                  {t('grabShort')}
                </span>
                <span className="mt-0.5 tabular-nums">{envelope.left}</span>
                <span className="sr-only">{t('grab', { name: envelope.sender.nickname })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {result ? <ResultDialog result={result} viewerId={viewerId} onClose={() => setResult(null)} /> : null}
    </>
  );
}

function ResultDialog({
  result,
  viewerId,
  onClose,
}: {
  result: { id: number; amount: number | null; error: string | null };
  viewerId: number | null;
  onClose: () => void;
}) {
  const t = useTranslations('redEnvelope');
  const format = useFormatter();
  const info = useQuery({
    queryKey: ['redEnvelope', result.id, viewerId],
    queryFn: async () => {
      const { api } = await client();
      return (await api.get<{ info: Info }>('api/Redenvelope/getRedInfo', { red_id: result.id })).info;
    },
  });
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="red-envelope-result"
          className="fixed top-1/2 left-1/2 z-50 w-[360px] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-surface shadow-2xl"
        >
          <div className="bg-gradient-to-b from-red-600 to-red-700 px-6 pt-6 pb-5 text-center text-amber-100">
            <Dialog.Title className="text-sm">
              {info.data ? t('from', { name: info.data.sender.nickname }) : t('title')}
            </Dialog.Title>
            {result.amount !== null ? (
              <p className="mt-2 text-3xl font-bold text-amber-200" data-testid="red-envelope-amount">
                {t('got', { amount: format.number(result.amount) })}
              </p>
            ) : (
              <p className="mt-3 text-base font-medium" data-testid="red-envelope-error">
                {result.error}
              </p>
            )}
            <Dialog.Description className="mt-1 text-xs text-amber-100/80">
              {info.data
                ? t('claimed', { claimed: info.data.claimed_shares, shares: info.data.shares })
                : '\u00a0'}
            </Dialog.Description>
          </div>
          <ul className="max-h-56 divide-y divide-line overflow-y-auto px-4">
            {(info.data?.claims ?? []).map((claim) => (
              <li key={claim.user_id} className="flex h-10 items-center gap-2 text-sm">
                <img
                  src={claim.avatar}
                  alt=""
                  width={24}
                  height={24}
                  className="size-6 rounded-full bg-canvas"
                />
                <span className="min-w-0 flex-1 truncate text-ink-700" title={claim.nickname}>
                  {claim.nickname}
                </span>
                <span className="tabular-nums text-ink-900">
                  {t('diamonds', { amount: format.number(claim.amount) })}
                </span>
              </li>
            ))}
          </ul>
          <div className="p-4">
            <Dialog.Close asChild>
              <Button className="w-full">{t('close')}</Button>
            </Dialog.Close>
          </div>
          <DialogClose label={t('close')} look="dark" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function SendRedEnvelope({ roomId, viewerId }: { roomId: number; viewerId: number | null }) {
  const t = useTranslations('redEnvelope');
  const spend = useTranslations('wallet.spend');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState('100');
  const [shares, setShares] = useState('10');
  const [invalid, setInvalid] = useState<string | null>(null);
  const keys = useRetryKey();
  const sender = useFormPost<object>('api/Redenvelope/insert', {
    failed: t('failed'),
    onSuccess: () => {
      keys.succeeded();
      setConfirming(false);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['redEnvelopes', roomId] });
      balancesChanged(queryClient);
    },
  });

  // The sheet shows the figures typed; the server checks them (its refusal shows in the sheet).
  const total = Number(amount);
  function submit(event: FormEvent) {
    event.preventDefault();
    setInvalid(null);
    sender.reset();
    if (!Number.isSafeInteger(total) || total <= 0) return setInvalid(t('badAmount'));
    setConfirming(true);
  }

  const send = (password: string) => {
    const intent = { room_id: roomId, amount, num: shares };
    sender.mutate({ ...intent, pay_password: password, key: keys.for(intent) });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return openLoginDialog();
        setOpen(next);
        setInvalid(null);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="red-envelope-send-open">
          <span aria-hidden className="inline-block h-3.5 w-2.5 rounded-sm bg-red-600" />
          {t('send')}
        </Button>
      }
      title={t('sendTitle')}
      description={t('sendHint')}
      width="w-[min(400px,calc(100vw-2rem))]"
      testId="red-envelope-dialog"
      onSubmit={submit}
      send={sender}
      error={invalid}
      errorTestId="red-envelope-send-error"
      closeLabel={t('close')}
      submit={
        <Button
          type="submit"
          disabled={sender.isPending}
          className="w-full"
          data-testid="red-envelope-submit"
        >
          {t('submit')}
        </Button>
      }
      outside={
        <SpendConfirm
          open={confirming}
          onOpenChange={(next) => {
            setConfirming(next);
            sender.reset();
          }}
          title={spend('titles.redEnvelope')}
          item={t('sheetItem', { shares })}
          price={Number.isSafeInteger(total) ? total : 0}
          currency="star"
          terms={[spend('terms.redEnvelope', { minutes: RED_ENVELOPE_TTL_MS / 60_000 })]}
          onConfirm={send}
          pending={sender.isPending}
          error={sender.error}
        />
      }
    >
      <div>
        <label htmlFor="red-amount" className={LABEL_CLASS}>
          {t('amount')}
        </label>
        <input
          id="red-amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          className={INPUT_CLASS}
          data-testid="red-envelope-amount-input"
        />
      </div>
      <div>
        <label htmlFor="red-shares" className={LABEL_CLASS}>
          {t('shares')}
        </label>
        <input
          id="red-shares"
          inputMode="numeric"
          value={shares}
          onChange={(event) => setShares(event.target.value)}
          className={INPUT_CLASS}
          data-testid="red-envelope-shares-input"
        />
      </div>
    </FormDialog>
  );
}
