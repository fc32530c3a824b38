// 弹幕 on/off and its settings (area, size, opacity; spec §3), beside the chat's title.
import { SlidersHorizontal } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { useDanmakuSettings } from './danmaku-settings';

const choice =
  'h-7 flex-1 rounded-md border text-xs aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-600 border-line text-ink-700 hover:border-brand-400';

export function DanmakuMenu() {
  const t = useTranslations('chat');
  const [settings, update] = useDanmakuSettings();
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-pressed={settings.show}
        onClick={() => update({ show: !settings.show })}
        data-testid="danmaku-toggle"
        className="h-7 rounded-md border border-line px-2 text-xs font-medium text-ink-500 aria-pressed:border-brand-500 aria-pressed:bg-brand-500 aria-pressed:text-white"
      >
        {t('danmaku')}
      </button>
      <Popover.Root>
        <Popover.Trigger
          aria-label={t('danmakuSettings')}
          className="inline-flex size-7 items-center justify-center rounded-md text-ink-500 hover:bg-canvas hover:text-ink-900"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-50 w-64 space-y-3 rounded-xl border border-line bg-surface p-4 text-sm shadow-lg"
          >
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
              />
            </label>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
