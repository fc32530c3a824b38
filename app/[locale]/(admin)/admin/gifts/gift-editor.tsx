// One gift's editor (new or existing, by code): names in four languages, price in star diamonds, the
// anchor's share (empty: the portal's), the big/small look, order, shown or hidden, and a picture. Server
// markup in the catalogue's editor dialog.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField } from '@/components/admin/catalog/fields';
import { ImageField } from '@/components/admin/catalog/image-field';
import { LocaleFields } from '@/components/admin/catalog/locale-fields';
import { INPUT_CLASS } from '@/components/ui/field-styles';

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

  return (
    <EditDialog
      trigger={trigger}
      title={gift ? t('editTitle') : t('newTitle')}
      save={{
        path: 'api/admin/gifts/save',
        fixed: gift ? { code: gift.code } : {},
        fields: {
          ...(gift ? {} : { code: { text: 'code' } }),
          names: { locales: 'name' },
          price: { number: 'price' },
          tier: { text: 'tier' },
          sort: { number: 'sort', empty: 0 },
          active: { checked: 'active' },
          anchor_share: { number: 'anchor_share', empty: null },
          image_url: { text: 'image', empty: null },
        },
      }}
      wide
    >
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
