// One recharge package: diamonds and bonus for a price in a currency (typed in major units, stored in
// minor ones), its order and whether it is offered. Server markup in the catalogue's editor dialog.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { Field, NumberField } from '@/components/admin/catalog/fields';
import { INPUT_CLASS } from '@/components/ui/field-styles';

const MINOR: Record<string, number> = { CNY: 100, VND: 1 };
const CURRENCIES = Object.keys(MINOR);

type Rule = {
  id: number;
  diamonds: number;
  bonus: number;
  priceMinor: number;
  priceCurrency: string;
  sort: number;
  active: boolean;
  minorPerMajor: number;
};

export function RuleEditor({ rule, trigger }: { rule: Rule | null; trigger: ReactNode }) {
  const t = useTranslations('admin.catalog.recharge');
  return (
    <EditDialog
      trigger={trigger}
      title={rule ? t('editTitle') : t('newTitle')}
      description={t('editHint')}
      save={{
        path: 'api/admin/chargeRules/save',
        fixed: rule ? { id: rule.id } : {},
        fields: {
          diamonds: { number: 'diamonds' },
          bonus: { number: 'bonus', empty: 0 },
          price_minor: { minor: 'price', currency: 'currency', minorPerMajor: MINOR },
          price_currency: { text: 'currency' },
          sort: { number: 'sort', empty: 0 },
          active: { checked: 'active' },
        },
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label={t('diamonds')}
          name="diamonds"
          required
          min={1}
          defaultValue={rule?.diamonds ?? ''}
        />
        <Field label={t('bonus')}>
          <input name="bonus" type="number" min={0} defaultValue={rule?.bonus ?? 0} className={INPUT_CLASS} />
        </Field>
        <NumberField
          label={t('price')}
          name="price"
          required
          min={0.01}
          step={0.01}
          defaultValue={rule ? rule.priceMinor / rule.minorPerMajor : ''}
        />
        <Field label={t('currency')}>
          <select name="currency" defaultValue={rule?.priceCurrency ?? 'CNY'} className={INPUT_CLASS}>
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </Field>
        <NumberField label={t('order')} name="sort" min={0} max={999} defaultValue={rule?.sort ?? 0} />
        <label className="flex h-10 items-center gap-2 self-end text-sm text-ink-700">
          <input
            type="checkbox"
            name="active"
            defaultChecked={rule?.active ?? true}
            className="accent-brand-500"
          />
          {t('shown')}
        </label>
      </div>
    </EditDialog>
  );
}
