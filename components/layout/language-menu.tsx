// The top bar's language menu (Radix), loaded on first click; the choices come from switch-locale.ts.
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { TRIGGER_CLASS } from './language-trigger';
import { offeredLocales, switchLocale } from './switch-locale';

export default function LanguageMenu({
  names,
  label,
  current,
  defaultOpen,
  trigger,
}: {
  names: Record<Locale, string>;
  label: string;
  current: Locale;
  defaultOpen: boolean;
  trigger: ReactNode;
}) {
  const pathname = usePathname();
  const offered = offeredLocales(current);
  const choose = (locale: Locale) => switchLocale(locale, current, pathname);

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger aria-label={label} className={TRIGGER_CLASS}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-lg border border-line bg-surface p-1.5 shadow-lg"
        >
          {offered.map((locale) => (
            <DropdownMenu.Item
              key={locale}
              lang={locale}
              onSelect={() => choose(locale)}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-ink-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-600"
            >
              {names[locale]}
              {locale === current ? <Check aria-hidden className="size-4 text-brand-500" /> : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
