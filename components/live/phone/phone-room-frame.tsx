'use client';
// The live room's frame: on a portrait phone one column that fills the screen under the top bar (the
// player pinned at its top, then the tab chosen), sized to the visual viewport so the chat's input stays
// above the keyboard on browsers that do not resize the page for it (iOS Safari; others follow the
// page's `interactive-widget=resizes-content`). From 768 px up it is the plain container it was.
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { PHONE_FRAME } from './panels';
import { type RoomTab, useRoomTab } from './room-sheets';

export function PhoneRoomFrame({ className, children }: { className: string; children: ReactNode }) {
  const [tab] = useRoomTab();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = frame.current;
    if (!viewport || !element) return;
    const follow = () => {
      element.style.setProperty('--room-vh', `${viewport.height}px`);
      element.style.setProperty('--room-vv-top', `${viewport.offsetTop}px`);
    };
    follow();
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
    };
  }, []);
  return (
    <div ref={frame} data-tab={tab} data-testid="room-frame" className={cn(className, PHONE_FRAME)}>
      {children}
    </div>
  );
}

const TABS: RoomTab[] = ['chat', 'anchor', 'rank'];

/** 聊天 / 主播 / 排行 under the player on a phone (rendered inside the pinned player block). */
export function PhoneRoomTabs() {
  const t = useTranslations('live.phone');
  const [tab, setTab] = useRoomTab();
  return (
    <div
      role="tablist"
      aria-label={t('tabs')}
      className="hidden h-10 shrink-0 items-stretch border-b border-line bg-surface max-md:order-2 max-md:flex"
    >
      {TABS.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={tab === value}
          data-testid={`room-tab-${value}`}
          onClick={() => setTab(value)}
          className={cn(
            'relative flex-1 text-sm whitespace-nowrap',
            tab === value
              ? 'font-semibold text-brand-600 after:absolute after:inset-x-1/3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-brand-500'
              : 'text-ink-700',
          )}
        >
          {t(`tab.${value}`)}
        </button>
      ))}
    </div>
  );
}
