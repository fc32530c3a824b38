'use client';
// A buyer's dispute of a plan (once per purchase, until 24 h after the grade): a reason from the short
// list and a few words, sent to the console's review queue. Once sent, the page shows its state and,
// when decided, the reviewer's reason; the decision also reaches the buyer's message centre.
import { Flag } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { useReadReason } from '@/components/ui/use-read-reason';
import { useFormPost } from '@/lib/http/use-form-post';

const REASONS = ['wrong_match', 'wrong_result', 'misleading'] as const;
const TEXT_MAX = 200;

export type DisputeState = {
  dispute: { status: 'open' | 'dismissed' | 'upheld'; reason_code: string; decision: string | null } | null;
  may_dispute: boolean;
  closes_at: string | null;
};

export function DisputePlan({ id, state }: { id: number; state: DisputeState }) {
  const t = useTranslations('experts.dispute');
  const readReason = useReadReason();
  const times = useTimeFormat();
  const field = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REASONS)[number]>('wrong_result');
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  // A refusal: the client showed the server's message.
  const dispute = useFormPost<{ id: number; reason_code: string; text: string }>('api/expert/plan/dispute', {
    refusal: 'toast',
    refresh: true,
    onSuccess: () => {
      setSent(true);
      setOpen(false);
    },
  });
  const pending = dispute.isPending;

  if (state.dispute)
    return (
      <p
        className="mt-4 flex items-start gap-2 rounded-md border border-line bg-canvas px-3 py-2 text-sm text-ink-700"
        data-testid="plan-dispute-state"
      >
        <Flag aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-500" />
        {sent
          ? t('sent')
          : t(`status.${state.dispute.status}`, { reason: readReason(state.dispute.decision) })}
      </p>
    );
  if (!state.may_dispute) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    dispute.mutate({ id, reason_code: reason, text: text.trim() });
  }

  if (!open)
    return (
      <div className="mt-4 flex justify-end">
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid="plan-dispute-open">
          <Flag aria-hidden className="size-4" />
          {t('open')}
        </Button>
      </div>
    );
  const closes = state.closes_at ? new Date(state.closes_at) : null;
  return (
    <form
      onSubmit={submit}
      className="mt-4 space-y-3 rounded-lg border border-line bg-canvas px-4 py-4"
      aria-labelledby={`${field}-title`}
      data-testid="plan-dispute-form"
    >
      <h2 id={`${field}-title`} className="font-semibold text-ink-900">
        {t('title')}
      </h2>
      <p className="text-xs text-ink-500">
        {closes ? t('hint', { time: times.dateTime(closes, 'longDateTime') }) : t('hintOpen')}
      </p>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('reason')}</legend>
        <div className="flex flex-wrap gap-2">
          {REASONS.map((code) => (
            <label
              key={code}
              className="flex h-9 cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm text-ink-900 has-[:checked]:border-brand-400 has-[:checked]:text-brand-600"
            >
              <input
                type="radio"
                name={`${field}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
                className="accent-brand-500"
              />
              {t(`reasons.${code}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${field}-text`} className={LABEL_CLASS}>
          {t('text')}
        </label>
        <CountedTextarea
          id={`${field}-text`}
          value={text}
          onValueChange={setText}
          max={TEXT_MAX}
          counter={`${text.length}/${TEXT_MAX}`}
          rows={3}
          className={FIELD_CLASS}
          data-testid="plan-dispute-text"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="plan-dispute-submit">
          {pending ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
