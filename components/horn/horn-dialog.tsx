// Sending a global horn message: the price (or a noble's free messages left, or free ones exchanged in
// the coin shop), whether it waits for review, and the message; a paid message goes through the spend
// sheet (price, balance after, review and refund terms); the answer says whether it went out or waits.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { openLoginDialog } from '@/lib/store/atoms';
import { balancesChanged } from '@/lib/wallet/queries';

type Quota = {
  price: number;
  review: boolean;
  noble: number;
  free_left: number;
  credits: number;
  max: number;
};
const newKey = () => crypto.randomUUID().replaceAll('-', '');

export function HornDialog({ viewerId }: { viewerId: number | null }) {
  const t = useTranslations('horn');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'pending' | 'succeeded' | null>(null);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newKey);
  const quota = useQuery({
    queryKey: ['horn', 'quota', viewerId],
    enabled: open,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<Quota>('api/Member/hornQuota');
    },
  });

  // Free (a noble's message of the month, one exchanged in the shop): sent at once; paid: the sheet first.
  const paid = Boolean(quota.data && quota.data.free_left === 0 && quota.data.credits === 0);
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!quota.data) return;
    if (paid) setConfirming(true);
    else void send();
  }

  async function send(password = '') {
    setPending(true);
    setError(null);
    const { api, ApiError } = await import('@/lib/http/client');
    try {
      // POST: the payment password stays out of the address.
      const sent = await api.post<{ status: 'pending' | 'succeeded' }>(
        'api/Member/sneHorn',
        { content, key, pay_password: password },
        { silent: true },
      );
      setDone(sent.status);
      setConfirming(false);
      setContent('');
      void quota.refetch();
      balancesChanged(queryClient);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
    } finally {
      setKey(newKey());
      setPending(false);
    }
  }

  const max = quota.data?.max ?? 60;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return openLoginDialog();
        setOpen(next);
        setError(null);
        setDone(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" data-testid="horn-open">
          <Megaphone aria-hidden className="size-4 text-brand-500" />
          {t('send')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid="horn-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[440px] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink-900">{t('sendTitle')}</Dialog.Title>
          <Dialog.Description className="mt-1 min-h-5 text-sm text-ink-500">
            {!quota.data ? (
              <Skeleton className="h-5 w-64" />
            ) : quota.data.free_left > 0 ? (
              t('freeLeft', { count: quota.data.free_left })
            ) : quota.data.credits > 0 ? (
              t('creditsLeft', { count: quota.data.credits })
            ) : (
              t('price', { price: format.number(quota.data.price) })
            )}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <div>
              <div className="flex items-baseline justify-between">
                <label htmlFor="horn-content" className={LABEL_CLASS}>
                  {t('message')}
                </label>
                <span className="text-xs text-ink-500 tabular-nums">
                  {content.length}/{max}
                </span>
              </div>
              <textarea
                id="horn-content"
                rows={3}
                maxLength={max}
                value={content}
                onChange={(event) => {
                  setContent(event.target.value);
                  setDone(null);
                }}
                placeholder={t('messagePrompt')}
                className={`${FIELD_CLASS} h-24 resize-none py-2`}
                data-testid="horn-input"
              />
            </div>
            {quota.data?.review ? <p className="text-xs text-ink-500">{t('reviewHint')}</p> : null}
            {error ? (
              <p role="alert" className="text-sm text-live" data-testid="horn-error">
                {error}
              </p>
            ) : null}
            {done ? (
              <p role="status" className="text-sm text-emerald-700" data-testid="horn-done">
                {t(done === 'pending' ? 'pendingDone' : 'sentDone')}
              </p>
            ) : null}
            <Button
              type="submit"
              // Until the quota is read it is unknown whether this message is free or paid (the sheet).
              disabled={pending || !content.trim() || !quota.data}
              className="w-full"
              data-testid="horn-submit"
            >
              {t('submit')}
            </Button>
          </form>
          {quota.data ? (
            <SpendConfirm
              open={confirming}
              onOpenChange={(next) => {
                setConfirming(next);
                setError(null);
              }}
              title={spend('titles.horn')}
              item={content}
              price={quota.data.price}
              currency="star"
              terms={[quota.data.review ? spend('terms.hornReview') : spend('terms.hornNow')]}
              onConfirm={(password) => void send(password)}
              pending={pending}
              error={error}
            />
          ) : null}
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
