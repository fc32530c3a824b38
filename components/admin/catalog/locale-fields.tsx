// The catalogue editors' shared fields: one text input per language (names, descriptions, read back by
// ./fields.tsx's `{ locales }`), and the "shown" checkbox.
import { useTranslations } from 'next-intl';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { LOCALES } from '@/lib/i18n/routing';
import { Field } from './fields';

/** One input per language named `<name>-<locale>`, labelled "<label> · <language>". */
export function LocaleFields({
  name,
  label,
  values,
  maxLength,
  required = true,
  testId,
}: {
  name: string;
  label: string;
  values: Record<string, string> | undefined;
  /** The longest text in Chinese, and in the other languages. */
  maxLength: { zh: number; other: number };
  required?: boolean;
  /** `<testId>-<locale>` on each input. */
  testId?: string;
}) {
  const tl = useTranslations('admin.catalog.news.languages');
  return LOCALES.map((locale) => (
    <Field key={locale} label={`${label} · ${tl(locale)}`}>
      <input
        name={`${name}-${locale}`}
        required={required}
        maxLength={locale.startsWith('zh') ? maxLength.zh : maxLength.other}
        defaultValue={values?.[locale] ?? ''}
        lang={locale}
        className={INPUT_CLASS}
        data-testid={testId ? `${testId}-${locale}` : undefined}
      />
    </Field>
  ));
}

/** The checkbox's place beside a field of a two-column grid (aligned with the field's input). */
export const SHOWN_BESIDE = 'flex h-10 items-center gap-2 self-start text-sm text-ink-700 sm:mt-7';

/** The "shown" checkbox (`active`). */
export function ShownCheckbox({
  label,
  checked,
  className = 'flex h-10 items-center gap-2 text-sm text-ink-700',
}: {
  label: string;
  checked: boolean;
  className?: string;
}) {
  return (
    <label className={className}>
      <input type="checkbox" name="active" defaultChecked={checked} className="accent-brand-500" />
      {label}
    </label>
  );
}
