// Upholding a report on a live room may also act on the room, in the same decision and with its reason:
// take its title or cover down (back to the defaults) and seal it for a while or until lifted.
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';

const SEAL_HOURS = ['24', '72', '168', '720', 'forever'] as const;
type SealFor = (typeof SEAL_HOURS)[number];

/** What the decision sends as `room` (nothing when no box is ticked). */
export type RoomActionsInput = {
  remove_title: boolean;
  remove_cover: boolean;
  seal: boolean;
  seal_hours?: number;
};

export type RoomActionsState = ReturnType<typeof useRoomActions>;

export function useRoomActions() {
  const [title, setTitle] = useState(false);
  const [cover, setCover] = useState(false);
  const [seal, setSeal] = useState(false);
  const [sealFor, setSealFor] = useState<SealFor>('24');
  const input = (): RoomActionsInput | undefined =>
    title || cover || seal
      ? {
          remove_title: title,
          remove_cover: cover,
          seal,
          ...(seal && sealFor !== 'forever' ? { seal_hours: Number(sealFor) } : {}),
        }
      : undefined;
  const reset = () => {
    setTitle(false);
    setCover(false);
    setSeal(false);
    setSealFor('24');
  };
  return { title, setTitle, cover, setCover, seal, setSeal, sealFor, setSealFor, input, reset };
}

const BOX =
  'flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm text-ink-700 has-checked:border-brand-400 has-checked:bg-brand-50';

export function RoomActionsField({ state }: { state: RoomActionsState }) {
  const t = useTranslations('admin.review.room');
  const id = useId();
  const boxes = [
    ['title', state.title, state.setTitle],
    ['cover', state.cover, state.setCover],
    ['seal', state.seal, state.setSeal],
  ] as const;
  return (
    <fieldset className="grid gap-2" data-testid="room-actions">
      <legend className={LABEL_CLASS}>{t('legend')}</legend>
      {boxes.map(([key, checked, set]) => (
        <label key={key} className={BOX}>
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => set(event.target.checked)}
            className="accent-brand-500"
            data-testid={`room-action-${key}`}
          />
          {t(key)}
        </label>
      ))}
      {state.seal ? (
        <div>
          <label htmlFor={`${id}-seal-for`} className={LABEL_CLASS}>
            {t('sealFor')}
          </label>
          <select
            id={`${id}-seal-for`}
            value={state.sealFor}
            onChange={(event) => state.setSealFor(event.target.value as SealFor)}
            className={FIELD_CLASS}
            data-testid="room-action-seal-for"
          >
            {SEAL_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {t(`durations.${hours === 'forever' ? 'forever' : `h${hours}`}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {state.title || state.cover || state.seal ? <p className="text-xs text-ink-500">{t('hint')}</p> : null}
    </fieldset>
  );
}
