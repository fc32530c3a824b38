// The anchor's (or an administrator's) new fun-guess: a question, then either options of their own or the
// room's match markets (the result, and a total line if given), and how long stakes stay open.
import { Plus, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormPost } from '@/lib/http/use-form-post';

const WINDOWS = [30, 60, 120, 300, 600, 1800];
const OUTCOMES_MAX = 10;

export function OpenGuessDialog({
  roomId,
  sport,
  onDone,
}: {
  roomId: number;
  sport: 'football' | 'basketball' | 'esports' | null;
  onDone: () => void;
}) {
  const t = useTranslations('guess');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'custom' | 'match'>('custom');
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [windowSeconds, setWindowSeconds] = useState(300);
  const [totalLine, setTotalLine] = useState('');
  const result =
    sport === 'basketball' ? 'basketball_moneyline' : sport === 'esports' ? 'esports_winner' : 'football_1x2';
  // A total line is offered where goals or points are counted (not an e-sports series' maps).
  const totals = sport === 'football' || sport === 'basketball';
  const send = useFormPost<object>('api/guess/open', {
    failed: t('failed'),
    onSuccess: () => {
      setOpen(false);
      setQuestion('');
      setOptions(['', '']);
      onDone();
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" className="w-full" data-testid="guess-open">
          <Plus aria-hidden className="size-4" />
          {t('open')}
        </Button>
      }
      title={t('form.title')}
      description={t('emptyHintManager')}
      hideDescription
      width="w-[min(92vw,440px)]"
      testId="guess-open-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        const playTypes = [result, ...(totals && totalLine ? [`${sport}_total:${totalLine}`] : [])];
        send.mutate(
          kind === 'match'
            ? { room_id: roomId, question, play_types: playTypes, window_seconds: windowSeconds }
            : { room_id: roomId, question, outcomes: options, window_seconds: windowSeconds },
        );
      }}
      send={send}
      closeLabel={t('close')}
      submit={
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {t('form.submit')}
        </Button>
      }
    >
      <div>
        <label htmlFor="guess-question" className={LABEL_CLASS}>
          {t('form.question')}
        </label>
        <input
          id="guess-question"
          className={INPUT_CLASS}
          maxLength={60}
          value={question}
          placeholder={t('form.questionExample')}
          onChange={(event) => setQuestion(event.target.value)}
        />
      </div>
      {sport ? (
        <fieldset>
          <legend className={LABEL_CLASS}>{t('form.kind')}</legend>
          <div className="flex flex-wrap gap-4 text-sm text-ink-700">
            <label className="flex items-center gap-1.5">
              <input type="radio" checked={kind === 'custom'} onChange={() => setKind('custom')} />
              {t('form.custom')}
            </label>
            <label className="flex items-center gap-1.5">
              <input type="radio" checked={kind === 'match'} onChange={() => setKind('match')} />
              {t('form.match', { market: t(`form.markets.${result}`) })}
            </label>
          </div>
        </fieldset>
      ) : null}
      {kind === 'match' && totals ? (
        <div className="space-y-2">
          <label htmlFor="guess-total" className={LABEL_CLASS}>
            {t('form.totalLine')}
          </label>
          <input
            id="guess-total"
            className={INPUT_CLASS}
            inputMode="decimal"
            value={totalLine}
            onChange={(event) => setTotalLine(event.target.value.replace(/[^\d.]/g, ''))}
          />
          <p className="text-xs text-ink-500">{t('form.matchHint')}</p>
        </div>
      ) : (
        <fieldset className="space-y-2">
          <legend className={LABEL_CLASS}>{t('form.options', { min: 2, max: OUTCOMES_MAX })}</legend>
          {options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
            <div key={index} className="flex gap-2">
              <input
                aria-label={t('form.option', { n: index + 1 })}
                className={INPUT_CLASS}
                maxLength={30}
                value={option}
                onChange={(event) =>
                  setOptions((list) => list.map((item, i) => (i === index ? event.target.value : item)))
                }
              />
              {options.length > 2 ? (
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={t('form.removeOption', { n: index + 1 })}
                  onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              ) : null}
            </div>
          ))}
          {options.length < OUTCOMES_MAX ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setOptions((list) => [...list, ''])}
            >
              <Plus aria-hidden className="size-4" />
              {t('form.addOption')}
            </Button>
          ) : null}
        </fieldset>
      )}
      <div>
        <label htmlFor="guess-window" className={LABEL_CLASS}>
          {t('form.window')}
        </label>
        <select
          id="guess-window"
          className={INPUT_CLASS}
          value={windowSeconds}
          onChange={(event) => setWindowSeconds(Number(event.target.value))}
        >
          {WINDOWS.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds < 60 ? t('form.seconds', { n: seconds }) : t('form.minutes', { n: seconds / 60 })}
            </option>
          ))}
        </select>
      </div>
    </FormDialog>
  );
}
