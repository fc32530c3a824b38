'use client';
// The side menu of the live pages (spec §2): 304 px open, 66 px collapsed, the choice kept in a
// cookie; below the 992 px layout threshold it starts collapsed.
import { useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { SIDEBAR_COOKIE } from './nav-items';

const LAYOUT_THRESHOLD_PX = 992;

/** Icons arrive rendered by the server, so no icon code ships to the browser. */
export type SideMenuEntry = { key: string; href: string; icon: ReactNode; label: string };

function saveCollapsed(collapsed: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 1 : 0}; path=/; max-age=31536000; samesite=lax`;
}

export function SideMenu({
  entries,
  initialCollapsed,
  labels,
  toggleIcons,
}: {
  entries: SideMenuEntry[];
  /** From the cookie; undefined when the reader never chose. */
  initialCollapsed: boolean | undefined;
  labels: { collapse: string; expand: string; menu: string };
  toggleIcons: { collapse: ReactNode; expand: ReactNode };
}) {
  const [collapsed, setCollapsed] = useState(initialCollapsed ?? false);
  const pathname = usePathname();
  const search = useSearchParams();

  useEffect(() => {
    if (initialCollapsed === undefined && window.innerWidth < LAYOUT_THRESHOLD_PX) setCollapsed(true);
  }, [initialCollapsed]);

  const toggle = () => {
    setCollapsed(!collapsed);
    saveCollapsed(!collapsed);
  };
  const current = `${pathname}${search.size ? `?${search}` : ''}`;

  return (
    <aside
      aria-label={labels.menu}
      data-testid="side-menu"
      data-collapsed={collapsed}
      className={cn(
        'sticky top-topbar flex h-[calc(100vh-var(--spacing-topbar))] shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-200',
        collapsed ? 'w-side-closed' : 'w-side-open',
      )}
    >
      <nav className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-0.5">
          {entries.map((entry) => {
            const active = current === entry.href || (!entry.href.includes('?') && pathname === entry.href);
            return (
              <li key={entry.key}>
                <Link
                  href={entry.href}
                  title={collapsed ? entry.label : undefined}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-11 items-center gap-3 rounded-lg px-3.5 text-[15px] text-ink-700 transition-colors hover:bg-brand-50 hover:text-brand-600',
                    active && 'bg-brand-50 font-medium text-brand-600',
                  )}
                >
                  {entry.icon}
                  <span className={cn('truncate', collapsed && 'sr-only')} title={entry.label}>
                    {entry.label}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? labels.expand : labels.collapse}
        className="flex h-12 items-center gap-3 border-t border-line px-5 text-sm text-ink-500 hover:text-brand-600"
      >
        {collapsed ? toggleIcons.expand : toggleIcons.collapse}
        <span className={cn(collapsed && 'sr-only')}>{collapsed ? labels.expand : labels.collapse}</span>
      </button>
    </aside>
  );
}
