'use client';
// One gift's editor (new or existing, by code): names in four languages, price in star diamonds, the
// anchor's share (empty: the portal's), the big/small look, order, shown or hidden, and a picture.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import {
  EditDialog,
  Field,
  NumberField,
  numberOrUndefined,
  reasonOf,
  text,
} from '@/components/admin/catalog/edit-dialog';
import { ImageField } from '@/components/admin/catalog/image-field';
import { LocaleFields } from '@/components/admin/catalog/locale-fields';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { LOCALES } from '@/lib/i18n/routing';

type Gift = {
  code: string;
  names: Record<string, string>;
  price: number;
  tier: string;
  sort: number;
  active: boolean;
  imageUrl: string | null;
  anchorShare: number | null;
};

export function GiftEditor({
  gift,
  defaultShare,
  trigger,
}: {
  gift: Gift | null;
  defaultShare: number;
  trigger: ReactNode;
}) {
  const t = useTranslations('admin.catalog.gifts');

  async function save(form: FormData) {
    const share = numberOrUndefined(form, 'anchor_share');
    const { api } = await import('@/lib/http/client');
    await api.post('api/admin/gifts/save', {
      ...reasonOf(form),
      code: gift?.code ?? text(form, 'code'),
      names: Object.fromEntries(LOCALES.map((locale) => [locale, text(form, `name-${locale}`)])),
      price: Number(text(form, 'price')),
      tier: text(form, 'tier'),
      sort: numberOrUndefined(form, 'sort') ?? 0,
      active: form.get('active') === 'on',
      anchor_share: share ?? null,
      image_url: text(form, 'image') || null,
    });
  }

  return (
    <EditDialog trigger={trigger} title={gift ? t('editTitle') : t('newTitle')} onSave={save} wide>
      {gift ? null : (
        <Field label={t('code')} hint={t('codeHint')}>
          <input
            name="code"
            required
            pattern="[a-z0-9_\-]{2,32}"
            className={INPUT_CLASS}
            data-testid="gift-code"
          />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <LocaleFields
          name="name"
          label={t('name')}
          values={gift?.names}
          maxLength={{ zh: 16, other: 24 }}
          testId="gift-name"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField
          label={t('price')}
          name="price"
          required
          min={1}
          max={1_000_000}
          defaultValue={gift?.price ?? ''}
          data-testid="gift-price-input"
        />
        <NumberField
          label={t('share')}
          hint={t('shareHint', { share: defaultShare })}
          name="anchor_share"
          min={0}
          max={100}
          defaultValue={gift?.anchorShare ?? ''}
        />
        <NumberField label={t('order')} name="sort" min={0} max={10_000} defaultValue={gift?.sort ?? 0} />
      </div>
      <div className="flex flex-wrap items-end gap-6">
        <Field label={t('tier')}>
          <select name="tier" defaultValue={gift?.tier ?? 'small'} className={INPUT_CLASS}>
            <option value="small">{t('tiers.small')}</option>
            <option value="big">{t('tiers.big')}</option>
          </select>
        </Field>
        <label className="flex h-10 items-center gap-2 text-sm text-ink-700">
          <input
            type="checkbox"
            name="active"
            defaultChecked={gift?.active ?? true}
            className="accent-brand-500"
          />
          {t('shown')}
        </label>
      </div>
      <ImageField name="image" label={t('picture')} initial={gift?.imageUrl} ratio="aspect-square" />
    </EditDialog>
  );
}
