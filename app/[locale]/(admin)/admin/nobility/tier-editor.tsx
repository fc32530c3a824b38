// One nobility tier: its monthly price to open and to renew (whole yellow diamonds, for purchases made from
// now on), its order and whether it is sold. Server markup in the catalogue's editor dialog.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField } from '@/components/admin/catalog/fields';
import { SHOWN_BESIDE, ShownCheckbox } from '@/components/admin/catalog/locale-fields';
import { INPUT_CLASS } from '@/components/ui/field-styles';

type Tier = {
  tier: number;
  /** The tier's name in the page's language (the `chat` messages stay on the server). */
  name: string;
  monthlyPrice: number;
  renewalPrice: number;
  sort: number;
  active: boolean;
};

export function TierEditor({
  tier,
  bounds,
  trigger,
}: {
  tier: Tier;
  bounds: { min: number; max: number };
  trigger: ReactNode;
}) {
  const t = useTranslations('admin.catalog2.nobility');
  const priceInput = (name: string, value: number, testId: string) => (
    <input
      name={name}
      type="number"
      required
      step={1}
      min={bounds.min}
      max={bounds.max}
      defaultValue={value}
      className={INPUT_CLASS}
      data-testid={testId}
    />
  );
  return (
    <EditDialog
      trigger={trigger}
      title={t('editTitle', { tier: tier.name })}
      description={t('editHint')}
      save={{
        path: 'api/admin/nobility/saveTier',
        fixed: { tier: tier.tier },
        fields: {
          monthly_price: { number: 'monthly_price' },
          renewal_price: { number: 'renewal_price' },
          sort: { number: 'sort', empty: 0 },
          active: { checked: 'active' },
        },
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('price')} hint={t('priceHint', bounds)}>
          {priceInput('monthly_price', tier.monthlyPrice, 'tier-price-input')}
        </Field>
        <Field label={t('renewal')} hint={t('renewalHint')}>
          {priceInput('renewal_price', tier.renewalPrice, 'tier-renewal-input')}
        </Field>
        <NumberField label={t('order')} name="sort" min={0} max={999} defaultValue={tier.sort} />
        <ShownCheckbox label={t('shown')} checked={tier.active} className={SHOWN_BESIDE} />
      </div>
    </EditDialog>
  );
}
