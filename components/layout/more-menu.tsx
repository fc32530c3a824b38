// The top bar's "more" menu: the entries the bar has no room for, each with its own menu's other
// pages under it. Loaded on first use.
import { DropdownMenu } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { LabelledNavItem } from './nav-items';

const ITEM =
  'block cursor-pointer whitespace-nowrap rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-600';

const newTab = (link: { newTab?: boolean }) => (link.newTab ? { target: '_blank', rel: 'noopener' } : {});

export default function MoreMenu({
  items,
  trigger,
  triggerRef,
  triggerClass,
}: {
  items: LabelledNavItem[];
  trigger: ReactNode;
  triggerRef: RefObject<HTMLButtonElement | null>;
  triggerClass: string;
}) {
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClass}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={0}
          className="z-50 max-h-[calc(100vh-var(--spacing-topbar)-1rem)] min-w-44 overflow-y-auto rounded-lg border border-line bg-surface p-1.5 shadow-lg"
        >
          {items.map((item, index) => (
            <DropdownMenu.Group key={item.key}>
              {index > 0 ? <DropdownMenu.Separator className="mx-1 my-1 h-px bg-line" /> : null}
              <DropdownMenu.Item asChild className={`${ITEM} font-medium text-ink-900`}>
                <Link href={item.href} {...newTab(item)}>
                  {item.label}
                </Link>
              </DropdownMenu.Item>
              {/* A sub-page that is the entry's own page is the entry above. */}
              {item.children
                ?.filter((child) => child.href !== item.href)
                .map((child) => (
                  <DropdownMenu.Item key={child.key} asChild className={`${ITEM} pl-6 text-ink-700`}>
                    <Link href={child.href} {...newTab(child)}>
                      {child.label}
                    </Link>
                  </DropdownMenu.Item>
                ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
