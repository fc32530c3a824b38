'use client';
// A top-bar link that underlines itself when one of its pages is open.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';

export function NavItemLink({
  href,
  matches,
  hasMenu,
  newTab,
  children,
}: {
  href: string;
  matches: string[];
  hasMenu: boolean;
  newTab?: boolean;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const active = matches.some((match) => match.split('?')[0] === pathname);
  return (
    <Link
      href={href}
      aria-haspopup={hasMenu ? 'true' : undefined}
      aria-current={active ? 'page' : undefined}
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      className={cn(
        'relative flex h-[60px] items-center gap-1 whitespace-nowrap px-2 text-sm transition-colors hover:text-white 2xl:px-3 2xl:text-[15px]',
        active
          ? 'text-white after:absolute after:inset-x-2 after:bottom-0 2xl:after:inset-x-3 after:h-[3px] after:rounded-full after:bg-brand-500'
          : 'text-white/80',
      )}
    >
      {children}
    </Link>
  );
}
