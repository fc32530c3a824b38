// Spec §1 offers Simplified, Traditional Chinese and English; Vietnamese is reachable at /vi and
// listed when it is the current language.
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { sameSitePath } from '@/lib/http/same-site-path';
import { usePathname } from '@/lib/i18n/navigation';
import { LOCALE_COOKIE, type Locale, localizedPath } from '@/lib/i18n/routing';
import { TRIGGER_CLASS } from './language-switcher';

const OFFERED: Locale[] = ['zh-CN', 'zh-TW', 'en'];

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
  const offered = OFFERED.includes(current) ? OFFERED : [...OFFERED, current];

  const choose = (locale: Locale) => {
    if (locale === current) return;
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
    // A full load so the document language, title and every server-rendered text change together.
    window.location.assign(
      sameSitePath(localizedPath(locale, pathname) + window.location.search + window.location.hash, '/'),
    );
  };

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
