'use client';
// The top bar's menu button below the 992 px layout threshold: the navigation, search, language and
// account entries in a sheet. The button is plain; the sheet's code loads on first tap (fetched already
// on touch or focus), keeping it out of every page's first load.
import dynamic from 'next/dynamic';
import { type ReactNode, useState } from 'react';
import type { MobileMenuProps } from './mobile-menu-sheet';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = dynamic(loadSheet, { ssr: false });

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
