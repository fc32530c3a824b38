// The top navigation with its hover menus (spec §2). Menus open on hover and on keyboard focus
// with CSS alone; entries the bar has no room for move into the "more" menu (overflow-nav.tsx).
import { ChevronDown } from 'lucide-react';
import { Link } from '@/lib/i18n/navigation';
import { NavItemLink } from './nav-item-link';
import type { LabelledNavItem, NavLink } from './nav-items';
import { OverflowNav } from './overflow-nav';

const newTab = (link: NavLink) => (link.newTab ? { target: '_blank', rel: 'noopener' } : {});

export function MainNav({
  items,
  label,
  moreLabel,
  className,
}: {
  items: LabelledNavItem[];
  label: string;
  moreLabel: string;
  className?: string;
}) {
  return (
    <OverflowNav
      items={items}
      label={label}
      moreLabel={moreLabel}
      moreIcon={<ChevronDown aria-hidden className="size-3.5" />}
      className={className}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-nav-item={item.key}
          // An entry moved into the "more" menu stays in place, unseen and out of the tab order; the
          // last one shown opens its menu towards the left, inside the bar.
          className="group relative shrink-0 data-[overflow=true]:invisible"
        >
          <NavItemLink
            href={item.href}
            matches={[item.href, ...(item.children?.map((child) => child.href) ?? [])]}
            hasMenu={!!item.children}
            newTab={item.newTab}
          >
            {item.label}
            {item.children ? (
              <ChevronDown aria-hidden className="size-3.5 transition-transform group-hover:rotate-180" />
            ) : null}
          </NavItemLink>
          {item.children ? (
            <ul className="invisible absolute left-1/2 top-full z-50 min-w-32 -translate-x-1/2 rounded-lg border border-line bg-surface p-1.5 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 group-data-[edge=true]:left-auto group-data-[edge=true]:right-0 group-data-[edge=true]:translate-x-0 group-data-[overflow=true]:!invisible">
              {item.children.map((child) => (
                <li key={child.key}>
                  <Link
                    href={child.href}
                    className="block whitespace-nowrap rounded-md px-3 py-2 text-sm text-ink-700 hover:bg-brand-50 hover:text-brand-600"
                    {...newTab(child)}
                  >
                    {child.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </OverflowNav>
  );
}
