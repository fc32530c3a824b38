// 弹幕 settings (area, size, opacity; spec §3), in the player's control bar (the live room's
// player-controls.tsx): the fields of its settings popover, which follow the stored settings.
import { useTranslations } from 'next-intl';
import { useDanmakuSettings } from './danmaku-settings';

const choice =
  'h-7 flex-1 rounded-md border text-xs aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-600 border-line text-ink-700 hover:border-brand-400';

export function DanmakuSettingsFields() {
  const t = useTranslations('chat');
  const [settings, update] = useDanmakuSettings();
  return (
    <>
      <p className="font-semibold text-ink-900">{t('danmakuSettings')}</p>
      <fieldset>
        <legend className="mb-1.5 text-xs text-ink-500">{t('area')}</legend>
        <div className="flex gap-1">
          {([1, 2, 3, 4] as const).map((area) => (
            <button
              key={area}
              type="button"
              aria-pressed={settings.area === area}
              onClick={() => update({ area })}
              className={choice}
            >
              {t(`areas.${area}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-xs text-ink-500">{t('size')}</legend>
        <div className="flex gap-1">
          {([1, 2, 3] as const).map((size) => (
            <button
              key={size}
              type="button"
              aria-pressed={settings.size === size}
              onClick={() => update({ size })}
              className={choice}
            >
              {t(`sizes.${size}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="mb-1.5 flex justify-between text-xs text-ink-500">
          {t('opacity')}
          <span className="tabular-nums">{settings.opacity}%</span>
        </span>
        <input
          type="range"
          min={10}
          max={100}
          step={10}
          value={settings.opacity}
          onChange={(event) => update({ opacity: Number(event.target.value) })}
          className="w-full accent-brand-500"
          data-testid="danmaku-opacity"
        />
      </label>
    </>
  );
}
