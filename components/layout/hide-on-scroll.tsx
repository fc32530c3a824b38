'use client';
// Slides the top bar away after 60 px of scrolling, only on the pages that ask for it.
import { type ReactNode, useEffect, useState } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { HIDING_TOP_BAR_PATHS, TOP_BAR_HIDE_SCROLL_PX } from './nav-items';

export function HideOnScroll({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const hides = HIDING_TOP_BAR_PATHS.includes(pathname);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!hides) {
      setHidden(false);
      return;
    }
    const update = () => setHidden(window.scrollY > TOP_BAR_HIDE_SCROLL_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [hides]);

  return (
    <div
      data-testid="top-bar"
      data-hidden={hidden}
      className={`fixed inset-x-0 top-0 z-40 transition-transform duration-300 ${hidden ? '-translate-y-full' : ''}`}
    >
      {children}
    </div>
  );
}
