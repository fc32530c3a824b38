'use client';
// The console's "decision with a reason": a reason code from the list the screen offers plus free text
// (what the person is told, and what the audit log keeps), sent as `{ reason_code, reason }`
// (lib/admin/decision.ts, the routes' input) through useFormPost. A server page names the route (`post`:
// its path, the row's fields and how the dialog's own fields are read, ./catalog/fields.tsx; the page is
// read again once it went through), so its trigger, texts and fields stay server markup; a client screen
// with more to do passes `onConfirm`, which throws to keep the dialog open with the error shown.
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { type DecisionReason, REASON_TEXT_MAX } from '@/lib/admin/decision';
import { useFormPost } from '@/lib/http/use-form-post';
import { type FormRead, readForm } from './catalog/fields';

export type ReasonOption = { code: string; label: string };

export type ReasonDialogProps = {
  /** The button that opens the dialog (rendered as the trigger). */
  trigger: ReactNode;
  title: string;
  /** What will happen, e.g. "The author is notified with this reason." */
  description?: string;
  reasons: readonly ReasonOption[];
  confirmLabel: string;
  /** `danger` for refusals, bans and seals. */
  tone?: 'primary' | 'danger';
  /** Whether free text is required beside the code (e.g. for the code `other`). */
  requireText?: boolean | ((code: string) => boolean);
  /** More fields of the decision (e.g. an end time), rendered above the reason. */
  children?: ReactNode;
  /** The longest free text the route keeps (the console's REASON_TEXT_MAX unless it keeps less). */
  textMax?: number;
} & (
  | {
      /**
       * The route that takes the decision: `{ ...body, ...fields read from the dialog's own fields,
       * reason_code, reason }` posted to `path`, then the page read again.
       */
      post: DecisionPost;
      onConfirm?: never;
    }
  | { onConfirm: (reason: DecisionReason) => Promise<void>; post?: never }
);

type DecisionPost = { path: string; body: Record<string, unknown>; fields?: Record<string, FormRead> };
type Decision = { reason: DecisionReason; form: FormData };

/** What confirming sends: the described post (its refusal stays in the dialog, not toasted), or the screen's own. */
function senderOf(props: ReasonDialogProps) {
  if (!props.post) {
    const { onConfirm } = props;
    return ({ reason }: Decision) => onConfirm(reason);
  }
  const { path, body, fields = {} } = props.post;
  return async ({ reason, form }: Decision) => {
    const { api } = await import('@/lib/http/client');
    await api.post(path, { ...body, ...readForm(form, fields), ...reason }, { silent: true });
  };
}

export function ReasonDialog(props: ReasonDialogProps) {
  const {
    trigger,
    title,
    description,
    reasons,
    confirmLabel,
    tone = 'primary',
    requireText = (code) => code === 'other',
    children,
    textMax = REASON_TEXT_MAX,
  } = props;
  const t = useTranslations('admin.shell.reason');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textRequired = typeof requireText === 'function' ? requireText(code) : requireText;
  const decide = useFormPost<Decision>(senderOf(props), {
    refresh: Boolean(props.post),
    onSuccess: () => {
      setOpen(false);
      setCode('');
      setText('');
    },
  });
  // The API's refusal, or the caller's own check thrown with its translated words.
  const failure = decide.cause;
  const refused = failure
    ? failure instanceof Error && failure.message
      ? failure.message
      : t('failed')
    : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    decide.reset();
    if (!code) return setError(t('pickCode'));
    if (textRequired && !text.trim()) return setError(t('needText'));
    setError(null);
    decide.mutate({
      reason: { reason_code: code, reason: text.trim() },
      form: new FormData(event.currentTarget),
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      trigger={trigger}
      title={title}
      description={description ?? t('auditedHint')}
      width="w-[min(460px,calc(100vw-2rem))]"
      testId="reason-dialog"
      onSubmit={submit}
      send={decide}
      error={error ?? refused}
      closeLabel={t('cancel')}
      cancelButton
      submit={
        <Button
          type="submit"
          disabled={decide.isPending}
          className={tone === 'danger' ? 'bg-live hover:bg-live/90' : undefined}
          data-testid="reason-confirm"
        >
          {confirmLabel}
        </Button>
      }
    >
      {children}
      <fieldset>
        <legend className={LABEL_CLASS}>{t('code')}</legend>
        <div className="grid gap-1.5">
          {reasons.map((reason) => (
            <label
              key={reason.code}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-ink-700 has-checked:border-brand-400 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-code`}
                value={reason.code}
                checked={code === reason.code}
                onChange={() => setCode(reason.code)}
                className="accent-brand-500"
              />
              {reason.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-text`} className={LABEL_CLASS}>
            {textRequired ? t('text') : t('textOptional')}
          </label>
          <span className="text-xs text-ink-500 tabular-nums">
            {text.length}/{textMax}
          </span>
        </div>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={textMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${FIELD_CLASS} h-20 resize-none py-2`}
          data-testid="reason-text"
        />
      </div>
    </FormDialog>
  );
}
