// The catalogue editors' fields (labelled inputs) and the helpers that read them back from the form: plain
// markup, rendered by the server for the editors that describe their save (edit-dialog.tsx's `save`) and
// by the client screens that read the form themselves.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { LOCALES } from '@/lib/i18n/routing';

/** A labelled field of an editor form. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label className="block">
      <span className="mb-1.5 block text-sm font-medium text-ink-700">{label}</span>
      {children}
      {hint ? <span className="mt-1 block text-xs text-ink-500">{hint}</span> : null}
    </label>
  );
}

/** A labelled number field of an editor form (the input's own attributes pass through). */
export function NumberField({
  label,
  hint,
  ...input
}: { label: string; hint?: string; 'data-testid'?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className'
>) {
  return (
    <Field label={label} hint={hint}>
      <input type="number" className={INPUT_CLASS} {...input} />
    </Field>
  );
}

/** The editor's reason, sent beside the saved values (the audit entry records it). */
export const reasonOf = (form: FormData) => ({ reason: text(form, 'reason') });

/** A form value as text ('' when absent). */
export const text = (form: FormData, key: string) => String(form.get(key) ?? '').trim();
/** A form value as a number, or undefined when empty. */
export const numberOrUndefined = (form: FormData, key: string) => {
  const value = text(form, key);
  return value === '' ? undefined : Number(value);
};

/** The texts of `LocaleFields` named `name` (inputs `<name>-<locale>`), by language. */
const localeValues = (form: FormData, name: string) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, text(form, `${name}-${locale}`)]));

/**
 * How one value of a saved body is read from the editor's form, so a server page can describe its save
 * without code: a field's trimmed text, its number, a checkbox, the texts of `LocaleFields`, or a price
 * typed in major units stored in minor ones (by the currency chosen in another field). `empty` is what
 * an empty field sends (without it, an empty text sends '' and an empty number is left out).
 */
export type FormRead =
  | { text: string; empty?: null }
  | { number: string; empty?: number | null }
  | { checked: string }
  | { locales: string }
  | { minor: string; currency: string; minorPerMajor: Record<string, number> };

/** A saved body from the form, by its description (see FormRead). */
export function readForm(form: FormData, fields: Record<string, FormRead>) {
  const body: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(fields)) {
    if ('text' in read) {
      const value = text(form, read.text);
      body[key] = value === '' && 'empty' in read ? read.empty : value;
    } else if ('number' in read) {
      const value = numberOrUndefined(form, read.number);
      body[key] = value === undefined && 'empty' in read ? read.empty : value;
    } else if ('checked' in read) body[key] = form.get(read.checked) === 'on';
    else if ('locales' in read) body[key] = localeValues(form, read.locales);
    else
      body[key] = Math.round(
        Number(text(form, read.minor)) * (read.minorPerMajor[text(form, read.currency)] ?? 1),
      );
  }
  return body;
}
