'use client';
// The top bar's navigation keeps to its room: it measures its entries against the width it has and moves
// the ones that do not fit (whatever the language or the account corner's width) into a "more" menu.
// Before this runs the list clips at its edge, so nothing ever lies over the search box.
import dynamic from 'next/dynamic';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { LabelledNavItem } from './nav-items';

const loadMenu = () => import('./more-menu');
const MoreMenu = dynamic(loadMenu, { ssr: false });

export const MORE_TRIGGER_CLASS =
  'flex h-[60px] shrink-0 items-center gap-1 whitespace-nowrap px-2 text-sm text-white/80 transition-colors hover:text-white 2xl:px-3 2xl:text-[15px]';

/** Which entries do not fit: all of them fit, or the ones past the room left beside the "more" button. */
function overflowing(nav: HTMLElement, list: HTMLElement, more: HTMLElement) {
  const entries = [...list.querySelectorAll<HTMLElement>(':scope > [data-nav-item]')];
  const start = list.getBoundingClientRect().left;
  const ends = entries.map((entry) => entry.getBoundingClientRect().right - start);
  const room = nav.clientWidth;
  if ((ends.at(-1) ?? 0) <= room + 0.5) return { entries, hidden: new Set<number>(), shownWidth: null };
  const limit = room - more.offsetWidth;
  const shown = ends.filter((end) => end <= limit + 0.5);
  return {
    entries,
    hidden: new Set(ends.flatMap((end, index) => (end > limit + 0.5 ? [index] : []))),
    shownWidth: shown.at(-1) ?? 0,
  };
}

export function OverflowNav({
  items,
  label,
  moreLabel,
  moreIcon,
  className,
  children,
}: {
  items: LabelledNavItem[];
  label: string;
  moreLabel: string;
  moreIcon: ReactNode;
  className?: string;
  /** The entries, rendered by the server: each an `li` with `data-nav-item`. */
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const [hiddenKeys, setHiddenKeys] = useState<string[] | null>(null);
  const [opened, setOpened] = useState(false);

  const measure = useCallback(() => {
    if (!nav.current || !list.current || !more.current) return;
    const { entries, hidden, shownWidth } = overflowing(nav.current, list.current, more.current);
    // The list ends where its last shown entry does, so "more" stands right after it.
    list.current.style.maxWidth = shownWidth === null ? '' : `${Math.ceil(shownWidth)}px`;
    const lastShown = entries.length - hidden.size - 1;
    entries.forEach((entry, index) => {
      entry.dataset.overflow = String(hidden.has(index));
      entry.dataset.edge = String(hidden.size > 0 && index === lastShown);
    });
    const keys = entries.flatMap((entry, index) => (hidden.has(index) ? [entry.dataset.navItem!] : []));
    setHiddenKeys((previous) => (previous?.join() === keys.join() ? previous : keys));
  }, []);

  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    if (nav.current) observer.observe(nav.current);
    if (list.current) observer.observe(list.current);
    document.fonts?.ready.then(measure);
    return () => observer.disconnect();
  }, [measure]);

  const hiddenItems = items.filter((item) => hiddenKeys?.includes(item.key));
  const trigger = (
    <>
      {moreLabel}
      {moreIcon}
    </>
  );
  return (
    <nav
      ref={nav}
      aria-label={label}
      data-measured={hiddenKeys !== null}
      className={cn('relative min-w-0 flex-1 items-center', className)}
    >
      {/* Clipped sideways only, so the hover menus still drop below the bar. */}
      <ul ref={list} className="flex min-w-0 items-center overflow-x-clip">
        {children}
      </ul>
      {opened && hiddenItems.length > 0 ? (
        <MoreMenu items={hiddenItems} trigger={trigger} triggerRef={more} triggerClass={MORE_TRIGGER_CLASS} />
      ) : (
        <button
          ref={more}
          type="button"
          aria-haspopup="menu"
          // Out of the flow and unseen while every entry fits; measured either way.
          className={cn(MORE_TRIGGER_CLASS, hiddenItems.length === 0 && 'invisible absolute right-0 top-0')}
          tabIndex={hiddenItems.length === 0 ? -1 : undefined}
          aria-hidden={hiddenItems.length === 0 || undefined}
          onPointerEnter={loadMenu}
          onFocus={loadMenu}
          onClick={() => setOpened(true)}
        >
          {trigger}
        </button>
      )}
    </nav>
  );
}
