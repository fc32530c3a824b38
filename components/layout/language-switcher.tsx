'use client';
// The top bar's language choice. The button is plain; the Radix menu behind it loads on first
// click (fetched already on hover or focus), keeping the menu's code out of every page's first load.
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { type ReactNode, useState } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { TRIGGER_CLASS } from './language-trigger';

const loadMenu = () => import('./language-menu');
const LanguageMenu = dynamic(loadMenu, { ssr: false });

export function LanguageSwitcher({
  names,
  label,
  icon,
}: {
  names: Record<Locale, string>;
  label: string;
  /** Rendered by the server, so no icon code ships to the browser. */
  icon: ReactNode;
}) {
  const current = useLocale() as Locale;
  const [opened, setOpened] = useState(false);
  const trigger = (
    <>
      {icon}
      {/* The name shows where the bar has room; the button's label says what it does either way. */}
      <span className="hidden 2xl:inline">{names[current]}</span>
    </>
  );
  if (opened) {
    return <LanguageMenu names={names} label={label} current={current} defaultOpen trigger={trigger} />;
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      className={TRIGGER_CLASS}
      onPointerEnter={loadMenu}
      onFocus={loadMenu}
      onClick={() => setOpened(true)}
    >
      {trigger}
    </button>
  );
}
