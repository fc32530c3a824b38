'use client';
// The top bar's menu button below the 992 px layout threshold: the navigation, search, language and
// account entries in a sheet. The button is plain; the sheet's code loads on first tap (fetched already
// on touch or focus), keeping it out of every page's first load.
import dynamic from 'next/dynamic';
import { type ReactNode, useState } from 'react';
import type { SearchBoxTexts } from '@/components/search/search-box';
import type { Locale } from '@/lib/i18n/routing';
import type { LabelledNavItem } from './main-nav';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = dynamic(loadSheet, { ssr: false });

export type MenuLink = { key: string; href: string; label: string };

export type MobileMenuProps = {
  items: LabelledNavItem[];
  /** The side menu's entries the top bar has not got (rankings, follows, bookings). */
  liveLinks: MenuLink[];
  search: { action: string; texts: SearchBoxTexts };
  languages: Record<Locale, string>;
  texts: { title: string; close: string; live: string; language: string; account: string };
  account:
    | { signedIn: false; login: string }
    | { signedIn: true; messages: string; links: MenuLink[]; logout: string; home: string };
};

export function MobileMenu({
  label,
  icon,
  className,
  ...props
}: MobileMenuProps & { label: string; icon: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        onPointerDown={loadSheet}
        onFocus={loadSheet}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {icon}
      </button>
      {loaded ? <MobileMenuSheet {...props} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
