'use client';
// Converting earnings (yellow diamonds) into star diamonds: only through a dialog that says, before
// anything moves, that it cannot be undone and that star diamonds cannot be withdrawn.
import { TriangleAlert } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

const newKey = () => `cv-${crypto.randomUUID()}`;

export function ConvertForm({ available }: { available: number }) {
  const t = useTranslations('earnings.convert');
  const format = useFormatter();
  const [amount, setAmount] = useState('');
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newKey);
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
      { amount, confirm: 1, key },
      {
        onSuccess: () => {
          setOpen(false);
          setAmount('');
          setKey(newKey());
        },
        onError: () => setOpen(false),
      },
    );
  return (
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
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Dialog.Content
            className="fixed left-1/2 top-1/2 z-50 w-[440px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl"
            data-testid="convert-dialog"
          >
            <DialogClose label={t('cancel')} />
            <Dialog.Title className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <TriangleAlert aria-hidden className="size-5 text-live" />
              {t('confirmTitle')}
            </Dialog.Title>
            <Dialog.Description className="mt-3 text-sm text-ink-700">
              {t('confirmBody', { amount: Number.isFinite(value) ? format.number(value) : amount })}
            </Dialog.Description>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm font-medium text-ink-900">
              <li>{t('irreversible')}</li>
              <li>{t('notWithdrawable')}</li>
            </ul>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  {t('cancel')}
                </Button>
              </Dialog.Close>
              <Button type="button" onClick={confirm} disabled={convert.isPending}>
                {t('confirm')}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </form>
  );
}
