'use client';
// Converting earnings (yellow diamonds) into star diamonds: only through a dialog that says, before
// anything moves, that it cannot be undone and that star diamonds cannot be withdrawn. A refusal closes the
// dialog and shows beside the amount.
import { TriangleAlert } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { useRetryKey } from '@/lib/http/retry-key';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

export function ConvertForm({ available }: { available: number }) {
  const t = useTranslations('earnings.convert');
  const format = useFormatter();
  const [amount, setAmount] = useState('');
  const [open, setOpen] = useState(false);
  const keys = useRetryKey('cv-');
  const convert = useFormPost<Record<string, string | number>>('api/Balance/conversionBalance', {
    refresh: true,
    success: t('done'),
    failed: t('failed'),
  });
  const value = Number(amount);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(true);
  };
  const confirm = () =>
    convert.mutate(
      { amount, confirm: 1, key: keys.for({ amount }) },
      {
        onSuccess: () => {
          setOpen(false);
          setAmount('');
          keys.succeeded();
        },
        onError: () => setOpen(false),
      },
    );
  return (
    <>
      <form onSubmit={submit} className="flex items-end gap-4" noValidate>
        <div className="w-64">
          <label htmlFor="convert-amount" className={LABEL_CLASS}>
            {t('amount')}
          </label>
          <input
            id="convert-amount"
            inputMode="numeric"
            className={INPUT_CLASS}
            value={amount}
            onChange={(event) => setAmount(event.target.value.trim())}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!amount || available <= 0}>
          {t('button')}
        </Button>
        <p className="pb-2.5 text-sm text-ink-500">{t('note')}</p>
        <FormError message={convert.error} />
      </form>
      {/* Outside the amount's form: the dialog's submit must not bubble into it. */}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={
          <span className="flex items-center gap-2">
            <TriangleAlert aria-hidden className="size-5 text-live" />
            {t('confirmTitle')}
          </span>
        }
        description={t('confirmBody', { amount: Number.isFinite(value) ? format.number(value) : amount })}
        width="w-[440px] max-w-[calc(100vw-2rem)]"
        testId="convert-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        closeLabel={t('cancel')}
        cancelButton
        submit={
          <Button type="submit" disabled={convert.isPending}>
            {t('confirm')}
          </Button>
        }
      >
        <ul className="list-disc space-y-1 pl-5 text-sm font-medium text-ink-900">
          <li>{t('irreversible')}</li>
          <li>{t('notWithdrawable')}</li>
        </ul>
      </FormDialog>
    </>
  );
}
