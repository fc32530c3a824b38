// The phone's menu sheet (Radix dialog from the left): search, every top-bar entry with its sub-pages
// as chips a thumb can reach, the live pages of the side menu, the account's entries and the language.
import { X } from 'lucide-react';
import { useLocale } from 'next-intl';
import { Dialog } from 'radix-ui';
import { LoginButton } from '@/components/accounts/login-button';
import { LogoutButton } from '@/components/accounts/logout-button';
import { openPrivateChat } from '@/components/im/overlay-state';
import { SearchBox } from '@/components/search/search-box';
import type { SearchBoxTexts } from '@/components/search/search-box-texts';
import { cn } from '@/lib/cn';
import { Link, usePathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { LabelledNavItem } from './nav-items';
import { offeredLocales, switchLocale } from './switch-locale';

export type MenuLink = { key: string; href: string; label: string };

export type MobileMenuProps = {
  items: LabelledNavItem[];
  /** The side menu's entries the top bar has not got (rankings, follows, bookings). */
  liveLinks: MenuLink[];
  search: { action: string; texts: SearchBoxTexts };
  languages: Record<Locale, string>;
  texts: { title: string; close: string; live: string; language: string; account: string };
  account:
    | { signedIn: false; login: string }
    | { signedIn: true; messages: string; links: MenuLink[]; logout: string; home: string };
};

const ROW =
  'flex h-11 w-full items-center rounded-lg px-3 text-[15px] text-ink-900 hover:bg-brand-50 hover:text-brand-600';
const CHIP =
  'inline-flex h-9 items-center rounded-full border border-line px-3.5 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600';
const HEADING = 'px-3 pb-1 pt-4 text-xs font-medium uppercase tracking-wide text-ink-500';

const newTab = (link: { newTab?: boolean }) => (link.newTab ? { target: '_blank', rel: 'noopener' } : {});

export default function MobileMenuSheet({
  items,
  liveLinks,
  search,
  languages,
  texts,
  account,
  open,
  onOpenChange,
}: MobileMenuProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const pathname = usePathname();
  const current = useLocale() as Locale;
  const close = () => onOpenChange(false);
  // Closing on a link's click: the sheet lives in the layout, so it would stay open over the next page.
  const closing = { onClick: close };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/55" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-surface shadow-2xl data-[state=open]:animate-slide-in"
        >
          {/* The close button comes first, so it, not the search box, takes the focus on opening. */}
          <div className="flex h-topbar shrink-0 items-center justify-between border-b border-line pr-2 pl-4">
            <Dialog.Title className="text-base font-semibold text-ink-900">{texts.title}</Dialog.Title>
            <Dialog.Close
              aria-label={texts.close}
              className="grid size-10 place-items-center rounded-full text-ink-500 hover:bg-canvas hover:text-ink-900"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-6">
            <div className="px-2 pt-3">
              <SearchBox action={search.action} texts={search.texts} newTab={false} variant="page" />
            </div>

            {account.signedIn ? null : (
              <div className="flex gap-2 px-2 pt-3">
                <LoginButton
                  label={account.login}
                  onOpened={close}
                  className="h-11 flex-1 rounded-full bg-brand-500 px-4 text-[15px] font-medium text-white hover:bg-brand-600"
                />
              </div>
            )}

            <nav aria-label={texts.title}>
              <ul className="mt-2 space-y-1">
                {items.map((item) => (
                  <li key={item.key}>
                    <Link href={item.href} className={cn(ROW, 'font-medium')} {...newTab(item)} {...closing}>
                      {item.label}
                    </Link>
                    {item.children ? (
                      <ul className="flex flex-wrap gap-2 px-3 pb-2 pt-0.5">
                        {item.children.map((child) => (
                          <li key={child.key}>
                            <Link href={child.href} className={CHIP} {...newTab(child)} {...closing}>
                              {child.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
              <h2 className={HEADING}>{texts.live}</h2>
              <ul className="space-y-1">
                {liveLinks.map((link) => (
                  <li key={link.key}>
                    <Link href={link.href} className={ROW} {...closing}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>

            {account.signedIn ? (
              <>
                <h2 className={HEADING}>{texts.account}</h2>
                <ul className="space-y-1">
                  <li>
                    <button
                      type="button"
                      className={ROW}
                      onClick={() => {
                        close();
                        openPrivateChat();
                      }}
                    >
                      {account.messages}
                    </button>
                  </li>
                  {account.links.map((link) => (
                    <li key={link.key}>
                      <Link href={link.href} className={ROW} {...closing}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <LogoutButton label={account.logout} home={account.home} className={ROW} />
                  </li>
                </ul>
              </>
            ) : null}

            <h2 className={HEADING}>{texts.language}</h2>
            <div className="flex flex-wrap gap-2 px-3">
              {offeredLocales(current).map((locale) => (
                <button
                  key={locale}
                  type="button"
                  lang={locale}
                  aria-pressed={locale === current}
                  onClick={() => switchLocale(locale, current, pathname)}
                  className={cn(CHIP, 'aria-pressed:border-brand-500 aria-pressed:text-brand-600')}
                >
                  {languages[locale]}
                </button>
              ))}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
