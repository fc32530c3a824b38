// A settled fun-guess's payout line in the room's card: when a person's settlement pays out, the stakers'
// dispute of it (a reason from the list and words), and the reviewer's reason when it was voided.
import { Flag } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { useTimeFormat } from '@/components/ui/time-view';
import type { GuessPanelItem } from '@/lib/guess/api';
import { GUESS_DISPUTE_REASONS, GUESS_DISPUTE_TEXT_MAX } from '@/lib/guess/dispute-rules';
import { useFormPost } from '@/lib/http/use-form-post';

export function VoidReason({ guess }: { guess: GuessPanelItem }) {
  const t = useTranslations('guessDispute');
  const reasons = useTranslations('im.notices.reasons');
  const code = guess.void_reason?.code ?? 'other';
  return t('voided', {
    reason: reasons.has(code as never) ? reasons(code as never) : code,
    note: guess.void_reason?.note ? ` · ${guess.void_reason.note}` : '',
  });
}

/** A person's settlement: when it pays out, its dispute's state, and the staker's dispute button. */
export function Settlement({ guess, onChange }: { guess: GuessPanelItem; onChange: () => void }) {
  const t = useTranslations('guessDispute');
  const times = useTimeFormat();
  const time = times.dateTime(new Date(guess.pay_at!), 'time');
  const line =
    guess.dispute_status === 'open'
      ? guess.disputed_by_me
        ? t('mine')
        : t('open')
      : guess.dispute_status === 'upheld'
        ? t('upheld')
        : guess.paid_out
          ? t('paidAt', { time })
          : t('payAt', { time });
  return (
    <div className="flex items-center gap-2">
      <p
        className={`min-w-0 flex-1 text-xs ${guess.dispute_status === 'open' ? 'text-brand-600' : 'text-ink-500'}`}
        data-testid="guess-payout"
      >
        {line}
      </p>
      {guess.can_dispute ? <DisputeDialog guess={guess} time={time} onDone={onChange} /> : null}
    </div>
  );
}

function DisputeDialog({ guess, time, onDone }: { guess: GuessPanelItem; time: string; onDone: () => void }) {
  const t = useTranslations('guessDispute');
  const common = useTranslations('guess');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof GUESS_DISPUTE_REASONS)[number]>('wrong_result');
  const [text, setText] = useState('');
  const send = useFormPost<object>('api/guess/dispute', {
    failed: common('failed'),
    onSuccess: () => {
      setOpen(false);
      setText('');
      onDone();
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="secondary"
          className="h-7 shrink-0 px-2.5 text-xs"
          data-testid="guess-dispute"
        >
          <Flag aria-hidden className="size-3.5" />
          {t('button')}
        </Button>
      }
      title={t('title')}
      description={`${guess.question} · ${t('hint', { time })}`}
      width="w-[min(92vw,400px)]"
      testId="guess-dispute-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate({ guess_id: guess.id, reason_code: reason, text });
      }}
      send={send}
      closeLabel={common('close')}
      submit={
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {t('submit')}
        </Button>
      }
    >
      <fieldset>
        <legend className={LABEL_CLASS}>{t('reason')}</legend>
        <div className="space-y-1.5 text-sm text-ink-700">
          {GUESS_DISPUTE_REASONS.map((code) => (
            <label key={code} className="flex items-center gap-2">
              <input
                type="radio"
                name={`dispute-${guess.id}`}
                checked={reason === code}
                onChange={() => setReason(code)}
              />
              {t(`reasons.${code}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`dispute-text-${guess.id}`} className={LABEL_CLASS}>
          {t('text')}
        </label>
        <CountedTextarea
          id={`dispute-text-${guess.id}`}
          rows={3}
          max={GUESS_DISPUTE_TEXT_MAX}
          counter={`${text.length}/${GUESS_DISPUTE_TEXT_MAX}`}
          value={text}
          placeholder={t('textExample')}
          onValueChange={setText}
        />
      </div>
    </FormDialog>
  );
}
