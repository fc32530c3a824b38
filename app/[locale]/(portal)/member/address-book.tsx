'use client';
// The delivery addresses of the shop tab: the list with delete, and a form to add one
// (`api/goods/saveAddress`, `api/goods/deleteAddress`). The server checks every field.
import { MapPin, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useFormPost } from '@/lib/http/use-form-post';
import { FormError } from './form-error';

type Address = { id: number; name: string; phone: string; region: string; detail: string };
const EMPTY = { name: '', phone: '', region: '', detail: '' };

export function AddressBook({ addresses }: { addresses: Address[] }) {
  const t = useTranslations('shop.addresses');
  const [form, setForm] = useState(EMPTY);
  const save = useFormPost<typeof EMPTY>('api/goods/saveAddress', {
    refresh: true,
    success: t('added'),
    failed: t('failed'),
  });
  const remove = useFormPost<{ id: number }>('api/goods/deleteAddress', {
    refresh: true,
    success: t('deleted'),
    failed: t('failed'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };
  const field = (name: keyof typeof EMPTY, extra: { placeholder?: string; inputMode?: 'tel' } = {}) => (
    <div>
      <label htmlFor={`address-${name}`} className={LABEL_CLASS}>
        {t(name)}
      </label>
      <input
        id={`address-${name}`}
        className={INPUT_CLASS}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        {...extra}
      />
    </div>
  );
  return (
    <div className="space-y-5">
      {addresses.length ? (
        <ul className="divide-y divide-line rounded-lg border border-line" data-testid="address-list">
          {addresses.map((address) => (
            <li key={address.id} className="flex items-center gap-3 px-4 py-3 text-sm">
              <MapPin aria-hidden className="size-4 shrink-0 text-ink-300" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink-900">
                  {address.name} {address.phone}
                </p>
                <p className="truncate text-ink-500">
                  {address.region} {address.detail}
                </p>
              </div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: address.id })}
              >
                <Trash2 aria-hidden className="size-4" />
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg bg-canvas px-4 py-3 text-sm text-ink-700">{t('empty')}</p>
      )}
      <FormError message={remove.error} />
      <form onSubmit={submit} className="grid grid-cols-2 gap-4" noValidate data-testid="address-form">
        {field('name')}
        {field('phone', { inputMode: 'tel' })}
        {field('region', { placeholder: t('regionPlaceholder') })}
        {field('detail')}
        <div className="col-span-2 flex items-center gap-4">
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {t('add')}
          </Button>
          <FormError message={save.error} />
        </div>
      </form>
    </div>
  );
}
