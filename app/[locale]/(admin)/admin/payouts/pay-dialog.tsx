'use client';
// Records the payment of one approved withdrawal by hand: the bank's or Alipay's reference, sent through
// the form hook; the API's refusal (missing, malformed or already used reference) shows in the dialog.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormPost } from '@/lib/http/use-form-post';

export function PayDialog({ id, reference }: { id: number; reference: string }) {
  const t = useTranslations('admin.payouts');
  const router = useRouter();
  const field = useId();
  const [open, setOpen] = useState(false);
  const [payoutReference, setPayoutReference] = useState('');
  const pay = useFormPost<{ id: number; payout_reference: string }>('api/admin/withdrawals/pay', {
    failed: t('payFailed'),
    onSuccess: () => {
      setOpen(false);
      setPayoutReference('');
      router.refresh();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    pay.mutate({ id, payout_reference: payoutReference });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary" data-testid={`payout-pay-${id}`}>
          {t('pay')}
        </Button>
      }
      title={t('payTitle', { reference })}
      description={t('payHint')}
      width="w-[min(440px,calc(100vw-2rem))]"
      testId="payout-pay-dialog"
      onSubmit={submit}
      send={pay}
      closeLabel={t('cancel')}
      cancelButton
      submit={
        <Button type="submit" disabled={pay.isPending} data-testid="payout-pay-confirm">
          {t('payConfirm')}
        </Button>
      }
    >
      <div>
        <label htmlFor={field} className={LABEL_CLASS}>
          {t('payoutReference')}
        </label>
        <input
          id={field}
          value={payoutReference}
          onChange={(event) => setPayoutReference(event.target.value)}
          maxLength={64}
          autoComplete="off"
          className={`${FIELD_CLASS} h-10`}
          data-testid="payout-reference-input"
        />
      </div>
    </FormDialog>
  );
}
