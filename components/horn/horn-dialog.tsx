// Sending a global horn message: the price (or a noble's free messages left, or free ones exchanged in
// the coin shop), whether it waits for review, and the message; a paid message goes through the spend
// sheet (price, balance after, review and refund terms); the answer says whether it went out or waits.
// Framed by FormDialog, sent by useFormPost.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
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

export function HornDialog({ viewerId }: { viewerId: number | null }) {
  const t = useTranslations('horn');
  const spend = useTranslations('wallet.spend');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [done, setDone] = useState<'pending' | 'succeeded' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const keys = useRetryKey();
  const quota = useQuery({
    queryKey: ['horn', 'quota', viewerId],
    enabled: open,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<Quota>('api/Member/hornQuota');
    },
  });

  const sender = useFormPost<
    { content: string; key: string; pay_password: string },
    { status: 'pending' | 'succeeded' }
  >('api/Member/sneHorn', {
    failed: t('failed'),
    onSuccess: (sent) => {
      keys.succeeded();
      setDone(sent.status);
      setConfirming(false);
      setContent('');
      void quota.refetch();
      balancesChanged(queryClient);
    },
  });
  // POST: the payment password stays out of the address.
  const send = (password = '') =>
    sender.mutate({ content, key: keys.for({ content }), pay_password: password });

  // Free (a noble's message of the month, one exchanged in the shop): sent at once; paid: the sheet first.
  const paid = Boolean(quota.data && quota.data.free_left === 0 && quota.data.credits === 0);
  function submit(event: FormEvent) {
    event.preventDefault();
    sender.reset();
    if (!quota.data) return;
    if (paid) setConfirming(true);
    else send();
  }

  const max = quota.data?.max ?? 60;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return openLoginDialog();
        setOpen(next);
        setDone(null);
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="horn-open">
          <Megaphone aria-hidden className="size-4 text-brand-500" />
          {t('send')}
        </Button>
      }
      title={t('sendTitle')}
      description={
        !quota.data ? (
          <Skeleton className="h-5 w-64" />
        ) : quota.data.free_left > 0 ? (
          t('freeLeft', { count: quota.data.free_left })
        ) : quota.data.credits > 0 ? (
          t('creditsLeft', { count: quota.data.credits })
        ) : (
          t('price', { price: format.number(quota.data.price) })
        )
      }
      width="w-[min(440px,calc(100vw-2rem))]"
      testId="horn-dialog"
      onSubmit={submit}
      send={sender}
      errorTestId="horn-error"
      closeLabel={t('close')}
      submit={
        <Button
          type="submit"
          // Until the quota is read it is unknown whether this message is free or paid (the sheet).
          disabled={sender.isPending || !content.trim() || !quota.data}
          className="w-full"
          data-testid="horn-submit"
        >
          {t('submit')}
        </Button>
      }
      outside={
        quota.data ? (
          <SpendConfirm
            open={confirming}
            onOpenChange={(next) => {
              setConfirming(next);
              sender.reset();
            }}
            title={spend('titles.horn')}
            item={content}
            price={quota.data.price}
            currency="star"
            terms={[quota.data.review ? spend('terms.hornReview') : spend('terms.hornNow')]}
            onConfirm={send}
            pending={sender.isPending}
            error={sender.error}
          />
        ) : null
      }
    >
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
      {done ? (
        <p role="status" className="text-sm text-emerald-700" data-testid="horn-done">
          {t(done === 'pending' ? 'pendingDone' : 'sentDone')}
        </p>
      ) : null}
    </FormDialog>
  );
}
