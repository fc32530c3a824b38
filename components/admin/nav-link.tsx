'use client';
// A side-navigation link that knows whether it is the page shown (its path or a page below it).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';

export function AdminNavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'flex h-9 shrink-0 items-center gap-2.5 rounded-md px-2.5 text-sm whitespace-nowrap transition-colors',
        current
          ? 'bg-brand-50 font-medium text-brand-700'
          : 'text-ink-700 hover:bg-canvas hover:text-ink-900',
      )}
    >
      {children}
    </Link>
  );
}
