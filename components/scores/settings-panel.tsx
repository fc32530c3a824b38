// The scores settings (spec §3): alert switches (red, yellow, voice, voice1) and display switches
// (value1–value4), saved to localStorage as they change. score-settings.ts says what each one does.
import { useAtomValue } from 'jotai';
import { useTranslations } from 'next-intl';
import { Popover, Switch } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { appStore } from '@/lib/store/atoms';
import {
  type DisplaySettings,
  type GameSettings,
  loadScoreSettings,
  saveScoreSettings,
  scoreSettingsAtom,
} from './score-settings';

const ALERTS: (keyof GameSettings)[] = ['red', 'yellow', 'voice', 'voice1'];
const DISPLAY: (keyof DisplaySettings)[] = ['value1', 'value2', 'value3', 'value4'];

function Toggle({
  id,
  checked,
  label,
  hint,
  onChange,
}: {
  id: string;
  checked: boolean;
  label: string;
  hint: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-2">
      <label htmlFor={id} className="flex flex-col">
        <span className="text-sm text-ink-900">{label}</span>
        <span className="text-xs text-ink-500">{hint}</span>
      </label>
      <Switch.Root
        id={id}
        data-testid={`setting-${id}`}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-5 w-9 shrink-0 rounded-full bg-ink-300 transition-colors data-[state=checked]:bg-brand-500"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
    </div>
  );
}

export default function SettingsPanel({ icon, label }: { icon: ReactNode; label: string }) {
  const t = useTranslations('scores.settings');
  const settings = useAtomValue(scoreSettingsAtom, { store: appStore });
  useEffect(() => {
    loadScoreSettings();
  }, []);

  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger
        data-testid="score-settings"
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line bg-surface px-3 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600 data-[state=open]:border-brand-400 data-[state=open]:text-brand-600"
      >
        {icon}
        {label}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={t('title')}
          className="z-50 w-80 rounded-lg border border-line bg-surface p-4 shadow-lg"
        >
          <h2 className="text-sm font-semibold text-ink-900">{t('alerts')}</h2>
          <div className="divide-y divide-line">
            {ALERTS.map((key) => (
              <Toggle
                key={key}
                id={key}
                checked={settings.game[key]}
                label={t(`${key}.label`)}
                hint={t(`${key}.hint`)}
                onChange={(checked) =>
                  saveScoreSettings({ ...settings, game: { ...settings.game, [key]: checked } })
                }
              />
            ))}
          </div>
          <h2 className="mt-3 text-sm font-semibold text-ink-900">{t('display')}</h2>
          <div className="divide-y divide-line">
            {DISPLAY.map((key) => (
              <Toggle
                key={key}
                id={key}
                checked={settings.immediately[key]}
                label={t(`${key}.label`)}
                hint={t(`${key}.hint`)}
                onChange={(checked) =>
                  saveScoreSettings({
                    ...settings,
                    immediately: { ...settings.immediately, [key]: checked },
                  })
                }
              />
            ))}
          </div>
          <p className="mt-2 text-[11px] text-ink-500">{t('stored')}</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
