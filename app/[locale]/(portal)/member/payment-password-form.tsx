'use client';
// Setting or changing the payment password (spec §5). The hash stays on the server; nothing about
// the password comes back.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PinField } from '@/components/wallet/pin-field';
import type { PaymentPasswordInput } from '@/lib/accounts/profile-schemas';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged } from '@/lib/wallet/queries';
import { FormError } from './form-error';

const EMPTY = { password: '', confirm_password: '', old_password: '' };

export function PaymentPasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations('member.payment');
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const save = useFormPost<PaymentPasswordInput>('api/Member/paymentPassword', {
    refresh: true,
    success: t('saved'),
    failed: t('failed'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { old_password, ...rest } = form;
    save.mutate(hasPassword ? form : rest, {
      onSuccess: () => {
        setForm(EMPTY);
        // Every spend sheet asks for it from now on.
        balancesChanged(queryClient, { has_payment_password: true });
      },
    });
  };
  const field = (key: keyof typeof EMPTY, id: string, label: string, autoComplete: string) => (
    <PinField
      id={id}
      label={label}
      autoComplete={autoComplete}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
    />
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {hasPassword ? field('old_password', 'payment-old', t('old'), 'current-password') : null}
      {field('password', 'payment-new', t('new'), 'new-password')}
      {field('confirm_password', 'payment-confirm', t('confirm'), 'new-password')}
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={save.isPending || !form.password}>
          {save.isPending ? t('saving') : hasPassword ? t('change') : t('setUp')}
        </Button>
        <FormError message={save.error} />
      </div>
    </form>
  );
}
