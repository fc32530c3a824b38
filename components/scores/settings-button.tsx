'use client';
// The settings entry: the panel's code (Radix popover and switches) loads on the first click.
import { type ComponentType, type ReactNode, useState } from 'react';

type Panel = ComponentType<{ icon: ReactNode; label: string }>;

export function SettingsButton({ icon, label }: { icon: ReactNode; label: string }) {
  const [Loaded, setLoaded] = useState<Panel | null>(null);
  if (Loaded) return <Loaded icon={icon} label={label} />;
  return (
    <button
      type="button"
      data-testid="score-settings"
      aria-haspopup="dialog"
      onClick={() => import('./settings-panel').then((module) => setLoaded(() => module.default))}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line bg-surface px-3 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600"
    >
      {icon}
      {label}
    </button>
  );
}
