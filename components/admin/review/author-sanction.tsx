// Upholding a report case may also warn, mute or ban the author of what was reported, in the same
// decision and with its reason: none (the default), a warning (a notice only), or a mute or ban for a
// preset or any end time (the case file's own field, components/admin/users/sanction-end.tsx).
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { type SanctionEnd, SanctionEndField, useSanctionEnd } from '@/components/admin/users/sanction-end';
import { LABEL_CLASS } from '@/components/ui/field-styles';

const CHOICES = ['none', 'warn', 'mute', 'ban'] as const;
type Choice = (typeof CHOICES)[number];

/** What the decision sends: nothing, a warning, or a mute or ban until its end. */
export type AuthorSanctionInput = { kind: 'warn' } | { kind: 'mute' | 'ban'; until: string };

export type AuthorSanctionState = ReturnType<typeof useAuthorSanction>;

export function useAuthorSanction() {
  const [choice, setChoice] = useState<Choice>('none');
  const end = useSanctionEnd();
  const t = useTranslations('admin.users');
  /** The decision's `sanction`; throws (the dialog shows it) while a custom end is missing. */
  const input = (): AuthorSanctionInput | undefined => {
    if (choice === 'none') return undefined;
    if (choice === 'warn') return { kind: 'warn' };
    const until = end.endOf();
    if (!until) throw new Error(t('customMissing'));
    return { kind: choice, until: until.toISOString() };
  };
  return { choice, setChoice, end, input, reset: () => setChoice('none') };
}

export function AuthorSanctionField({
  state,
}: {
  state: { choice: Choice; setChoice: (c: Choice) => void; end: SanctionEnd };
}) {
  const t = useTranslations('admin.review.sanction');
  const id = useId();
  return (
    <fieldset className="grid gap-2" data-testid="author-sanction">
      <legend className={LABEL_CLASS}>{t('legend')}</legend>
      <div className="grid grid-cols-2 gap-1.5">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-ink-700 has-checked:border-brand-400 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name={`${id}-sanction`}
              value={choice}
              checked={state.choice === choice}
              onChange={() => state.setChoice(choice)}
              className="accent-brand-500"
              data-testid={`author-sanction-${choice}`}
            />
            {t(`kinds.${choice}`)}
          </label>
        ))}
      </div>
      {state.choice === 'mute' || state.choice === 'ban' ? (
        <SanctionEndField id={`${id}-end`} state={state.end} />
      ) : null}
      {state.choice === 'none' ? null : <p className="text-xs text-ink-500">{t('hint')}</p>}
    </fieldset>
  );
}
