// One goods of the exchange shop (new fan goods shipped home, or any existing one by id): names and one-line
// descriptions in four languages, a picture (lib/storage), price in coins, stock, per-user limit, order,
// shown or hidden. Server markup in the catalogue's editor dialog.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField } from '@/components/admin/catalog/fields';
import { ImageField } from '@/components/admin/catalog/image-field';
import { LocaleFields, ShownCheckbox } from '@/components/admin/catalog/locale-fields';
import { INPUT_CLASS } from '@/components/ui/field-styles';

type Goods = {
  id: number;
  code: string;
  /** The kind's label in the page's language (the `shop` messages stay on the server). */
  kind: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  imageUrl: string | null;
  price: number;
  stock: number;
  perUserLimit: number;
  sort: number;
  active: boolean;
};

export function GoodsEditor({ goods, trigger }: { goods: Goods | null; trigger: ReactNode }) {
  const t = useTranslations('admin.catalog2.goods');

  return (
    <EditDialog
      trigger={trigger}
      title={goods ? t('editTitle') : t('newTitle')}
      description={goods ? t('editHint', { kind: goods.kind }) : t('newHint')}
      wide
      save={{
        path: 'api/admin/goods/save',
        fixed: goods ? { id: goods.id } : {},
        fields: {
          ...(goods ? {} : { code: { text: 'code' } }),
          names: { locales: 'name' },
          descriptions: { locales: 'description' },
          image_url: { text: 'image', empty: null },
          price: { number: 'price' },
          stock: { number: 'stock' },
          per_user_limit: { number: 'limit' },
          sort: { number: 'sort', empty: 0 },
          active: { checked: 'active' },
        },
      }}
    >
      {goods ? null : (
        <Field label={t('code')} hint={t('codeHint')}>
          <input
            name="code"
            required
            pattern="[a-z0-9_]{2,32}"
            className={INPUT_CLASS}
            data-testid="goods-code"
          />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <LocaleFields
          name="name"
          label={t('name')}
          values={goods?.names}
          maxLength={{ zh: 16, other: 32 }}
          testId="goods-name"
        />
        <LocaleFields
          name="description"
          label={t('descriptionField')}
          values={goods?.descriptions}
          maxLength={{ zh: 40, other: 80 }}
          required={false}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <NumberField
          label={t('price')}
          name="price"
          required
          min={1}
          max={10_000_000}
          defaultValue={goods?.price ?? ''}
          data-testid="goods-price-input"
        />
        <NumberField
          label={t('stock')}
          name="stock"
          required
          min={0}
          max={10_000_000}
          defaultValue={goods?.stock ?? ''}
          data-testid="goods-stock-input"
        />
        <NumberField
          label={t('limit')}
          name="limit"
          required
          min={1}
          max={10_000}
          defaultValue={goods?.perUserLimit ?? 1}
        />
        <NumberField label={t('order')} name="sort" min={0} max={10_000} defaultValue={goods?.sort ?? 0} />
      </div>
      <ShownCheckbox label={t('shown')} checked={goods?.active ?? true} />
      <ImageField
        name="image"
        label={goods ? t('picture') : t('pictureRequired')}
        initial={goods?.imageUrl}
        ratio="aspect-square"
      />
    </EditDialog>
  );
}
