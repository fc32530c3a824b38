'use client';
// Sending real-name details. The page shows the result (status, masked details) after it refreshes.
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import type { IdType } from '@/lib/accounts/identity';
import type { VerifiedInput } from '@/lib/accounts/profile-schemas';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

const ID_TYPES: IdType[] = ['cn_id', 'passport'];

export function VerificationForm({ realNameMax }: { realNameMax: number }) {
  const t = useTranslations('member.verify');
  const [form, setForm] = useState<VerifiedInput>({ real_name: '', id_type: 'cn_id', id_number: '' });
  const send = useFormPost<VerifiedInput>('api/Member/verified', {
    refresh: true,
    success: t('sent'),
    failed: t('failed'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(form);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label htmlFor="verify-name" className={LABEL_CLASS}>
          {t('realName')}
        </label>
        <input
          id="verify-name"
          className={INPUT_CLASS}
          autoComplete="name"
          maxLength={realNameMax}
          value={form.real_name}
          onChange={(event) => setForm({ ...form, real_name: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('idType')}</legend>
        <div className="flex gap-2">
          {ID_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex h-9 cursor-pointer items-center rounded-md border px-4 text-sm transition-colors',
                form.id_type === type
                  ? 'border-brand-500 bg-brand-50 font-medium text-brand-600'
                  : 'border-line text-ink-700 hover:border-ink-300',
              )}
            >
              <input
                type="radio"
                name="id_type"
                className="sr-only"
                checked={form.id_type === type}
                onChange={() => setForm({ ...form, id_type: type })}
              />
              {t(`idTypes.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="verify-number" className={LABEL_CLASS}>
          {t('idNumber')}
        </label>
        <input
          id="verify-number"
          className={cn(INPUT_CLASS, 'font-mono tracking-wide')}
          autoComplete="off"
          maxLength={form.id_type === 'cn_id' ? 18 : 20}
          value={form.id_number}
          onChange={(event) => setForm({ ...form, id_number: event.target.value })}
        />
      </div>
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('submitting') : t('submit')}
        </Button>
        <FormError message={send.error} />
      </div>
    </form>
  );
}
