// The catalogue screens' editor dialog: a form of the screen's fields, saved through its `/api/admin` route;
// on success the page's server data is read again (router.refresh), so the table shows what is stored. A
// refusal keeps the dialog open with the API's translated message. Every save carries the editor's reason
// (`reasonOf(form)`), which starts empty each time the dialog opens.
import { useTranslations } from 'next-intl';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { useFormPost } from '@/lib/http/use-form-post';

export function EditDialog({
  trigger,
  title,
  description,
  onSave,
  children,
  wide = false,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  /** Reads the form and calls the API; throws to keep the dialog open. */
  onSave: (form: FormData) => Promise<void>;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useTranslations('admin.catalog.common');
  const [open, setOpen] = useState(false);
  const save = useFormPost<FormData>(onSave, { refresh: true, onSuccess: () => setOpen(false) });
  // The API's refusal, or the screen's own check thrown with its translated words.
  const failure = save.cause;
  const error = failure
    ? failure instanceof Error && failure.message
      ? failure.message
      : t('failed')
    : null;
  const pending = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description ?? t('auditedHint')}
      width={wide ? 'w-[min(720px,calc(100vw-2rem))]' : 'w-[min(480px,calc(100vw-2rem))]'}
      testId="edit-dialog"
      onSubmit={submit}
      send={save}
      error={error}
      closeLabel={t('cancel')}
      cancelButton
      submit={
        <Button type="submit" disabled={pending} data-testid="edit-save">
          {pending ? t('saving') : t('save')}
        </Button>
      }
    >
      {children}
      {/* Every staff write carries a reason (the audit log's); the dialog's content is new each time it opens. */}
      <Field label={t('reason')} hint={t('reasonHint')}>
        <textarea
          name="reason"
          required
          maxLength={REASON_TEXT_MAX}
          rows={2}
          className={INPUT_CLASS}
          data-testid="edit-reason"
        />
      </Field>
    </FormDialog>
  );
}

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
