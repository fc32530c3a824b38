'use client';
// The catalogue screens' editor dialog: a form of the screen's fields, saved through its `/api/admin` route;
// on success the page's server data is read again (router.refresh), so the table shows what is stored. A
// refusal keeps the dialog open with the API's translated message. Every save carries the editor's reason
// (`reasonOf(form)`), which starts empty each time the dialog opens. A server page describes its save
// (`save`: the route, the row's key and how each value is read from the form, ./fields.tsx), so its fields
// stay server markup; a client screen with more to do passes `onSave`.
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { useFormPost } from '@/lib/http/use-form-post';
import { Field, type FormRead, readForm, reasonOf } from './fields';

/** A save a server page describes: `{ ...fixed, ...fields read from the form, reason }` posted to `path`. */
export type EditSave = {
  path: string;
  /** Values sent as they are (the edited row's key). */
  fixed?: Record<string, unknown>;
  fields: Record<string, FormRead>;
};

const saveOf =
  ({ path, fixed, fields }: EditSave) =>
  async (form: FormData) => {
    const { api } = await import('@/lib/http/client');
    await api.post(path, { ...reasonOf(form), ...fixed, ...readForm(form, fields) });
  };

export function EditDialog({
  trigger,
  title,
  description,
  children,
  wide = false,
  ...send
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
} & (
  | { save: EditSave; onSave?: never }
  | {
      /** Reads the form and calls the API; throws to keep the dialog open. */
      onSave: (form: FormData) => Promise<void>;
      save?: never;
    }
)) {
  const t = useTranslations('admin.catalog.common');
  const [open, setOpen] = useState(false);
  const save = useFormPost<FormData>(send.save ? saveOf(send.save) : send.onSave, {
    refresh: true,
    onSuccess: () => setOpen(false),
  });
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
