'use client';
// The top navigation with its hover menus (Radix navigation menu for keyboard and screen readers).
import { ChevronDown } from 'lucide-react';
import { NavigationMenu } from 'radix-ui';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';
import type { NavItem, NavLink } from './nav-items';

export type LabelledNavItem = Omit<NavItem, 'children'> & {
  label: string;
  children?: (NavLink & { label: string })[];
};

function isActive(pathname: string, item: LabelledNavItem) {
  const hrefs = [item.href, ...(item.children?.map((child) => child.href) ?? [])];
  return hrefs.some((href) => href.split('?')[0] === pathname);
}

export function MainNav({ items, label }: { items: LabelledNavItem[]; label: string }) {
  const pathname = usePathname();
  const linkClass = (active: boolean) =>
    cn(
      'flex h-[60px] items-center gap-1 whitespace-nowrap px-2 text-sm layout:px-3 layout:text-[15px] text-white/80 transition-colors hover:text-white',
      active &&
        'text-white after:absolute after:inset-x-3 after:bottom-0 after:h-[3px] after:rounded-full after:bg-brand-500',
    );
  return (
    <NavigationMenu.Root aria-label={label} className="relative min-w-0 flex-1">
      <NavigationMenu.List className="flex items-center">
        {items.map((item) => {
          const active = isActive(pathname, item);
          const target = item.newTab ? { target: '_blank', rel: 'noopener' } : {};
          if (!item.children) {
            return (
              <NavigationMenu.Item key={item.key} className="relative">
                <NavigationMenu.Link asChild active={active}>
                  <Link href={item.href} className={linkClass(active)} {...target}>
                    {item.label}
                  </Link>
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            );
          }
          return (
            <NavigationMenu.Item key={item.key} className="relative">
              <NavigationMenu.Trigger className={cn(linkClass(active), 'group relative')} asChild>
                <Link href={item.href} {...target}>
                  {item.label}
                  <ChevronDown
                    aria-hidden
                    className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                  />
                </Link>
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className="absolute left-1/2 top-full min-w-32 -translate-x-1/2 rounded-lg border border-line bg-surface p-1.5 shadow-lg">
                <ul>
                  {item.children.map((child) => (
                    <li key={child.key}>
                      <NavigationMenu.Link asChild>
                        <Link
                          href={child.href}
                          className="block whitespace-nowrap rounded-md px-3 py-2 text-sm text-ink-700 hover:bg-brand-50 hover:text-brand-600"
                          {...(child.newTab ? { target: '_blank', rel: 'noopener' } : {})}
                        >
                          {child.label}
                        </Link>
                      </NavigationMenu.Link>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
