// The frame of the pages with the side menu: menu on the left, content on the right. Phones (under
// 768 px) get the content alone: the top bar's menu holds the side menu's pages.
import {
  Bell,
  CalendarDays,
  Download,
  Goal,
  Heart,
  PanelLeftClose,
  PanelLeftOpen,
  ShieldAlert,
  Trophy,
  Tv,
  Volleyball,
} from 'lucide-react';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { type ReactNode, Suspense } from 'react';
import { cn } from '@/lib/cn';
import { SIDE_MENU, SIDEBAR_COOKIE, type SideMenuIcon } from './nav-items';
import { SideMenu } from './side-menu';

const ICONS: Record<SideMenuIcon, typeof Bell> = {
  calendar: CalendarDays,
  trophy: Trophy,
  heart: Heart,
  bell: Bell,
  tv: Tv,
  football: Goal,
  basketball: Volleyball,
  adult: ShieldAlert,
  download: Download,
};

export async function SideLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('nav');
  const stored = (await cookies()).get(SIDEBAR_COOKIE)?.value;
  const entries = SIDE_MENU.map(({ key, href, icon }) => {
    const Icon = ICONS[icon];
    return {
      key,
      href,
      label: t(key),
      icon: <Icon aria-hidden className="size-5 shrink-0" strokeWidth={1.8} />,
    };
  });
  const initialCollapsed = stored === undefined ? undefined : stored === '1';
  // The menu's client part streams in after the page's first paint: its box is there from the start, so
  // the content column never moves (Lighthouse measured CLS 0.19–0.21 without it).
  const reserved = (
    <div
      aria-hidden
      className={cn(
        'sticky top-topbar h-[calc(100vh-var(--spacing-topbar))] shrink-0 border-r border-line bg-surface',
        initialCollapsed ? 'w-side-closed' : 'w-side-open',
      )}
    />
  );
  return (
    <div className="flex">
      <div className="hidden md:contents">
        <Suspense fallback={reserved}>
          <SideMenu
            entries={entries}
            initialCollapsed={initialCollapsed}
            labels={{ collapse: t('collapse'), expand: t('expand'), menu: t('sideMenu') }}
            toggleIcons={{
              collapse: <PanelLeftClose aria-hidden className="size-5" />,
              expand: <PanelLeftOpen aria-hidden className="size-5" />,
            }}
          />
        </Suspense>
      </div>
      <div className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-5">{children}</div>
    </div>
  );
}
