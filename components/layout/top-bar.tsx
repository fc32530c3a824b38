// The top bar: logo, navigation with hover menus, search, language choice, account corner (spec §2).
// From the 992 px layout threshold up every part shows, the entries the width has no room for in a "more"
// menu; below it (phones, tablets, no separate mobile site) a menu button opens them all in a sheet.
import { Languages, Menu } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { SearchBox } from '@/components/search/search-box';
import { searchBoxTexts } from '@/components/search/search-box-texts';
import type { SessionUser } from '@/lib/accounts/session';
import { Link } from '@/lib/i18n/navigation';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import { HideOnScroll } from './hide-on-scroll';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import type { MobileMenuProps } from './mobile-menu-sheet';
import { SIDE_MENU, TOP_NAV } from './nav-items';
import { UserArea } from './user-area';

/** The side menu's pages the top bar has no entry for: the phone's menu lists them (no side menu there). */
const LIVE_ONLY = new Set(['rank', 'attention', 'reserve']);

export async function TopBar({ productName, user }: { productName: string; user: SessionUser | null }) {
  const locale = (await getLocale()) as Locale;
  const [t, tLang, tUser, tAuth, tIm, texts] = await Promise.all([
    getTranslations('nav'),
    getTranslations('languages'),
    getTranslations('userMenu'),
    getTranslations('auth'),
    getTranslations('im'),
    searchBoxTexts(),
  ]);
  const items = TOP_NAV.map((item) => ({
    ...item,
    label: t(item.key as never),
    children: item.children?.map((child) => ({ ...child, label: t(child.key as never) })),
  }));
  const languages = Object.fromEntries(LOCALES.map((l) => [l, tLang(l)])) as Record<Locale, string>;
  const searchAction = localizedPath(locale, '/search');
  const account: MobileMenuProps['account'] = user
    ? {
        signedIn: true,
        messages: tIm('entry'),
        links: [
          { key: 'member', href: '/member', label: tUser('userCenter') },
          { key: 'notices', href: '/chat-chat?tab=notices', label: tIm('noticesEntry') },
          { key: 'tasks', href: '/member?type=18', label: tUser('taskCenter') },
          {
            key: 'live',
            href: user.isAnchor ? '/member?type=9' : '/member?type=7',
            label: tUser('startLive'),
          },
          { key: 'wallet', href: '/member?type=2', label: tUser('balance') },
          { key: 'space', href: `/persona?uid=${user.id}`, label: tUser('personalSpace') },
          { key: 'level', href: '/member?type=5', label: tUser('levelRights') },
        ],
        logout: tUser('logout'),
        home: localizedPath(locale, '/main'),
      }
    : {
        signedIn: false,
        login: tAuth('loginOrRegister'),
      };

  return (
    <HideOnScroll>
      <header className="bg-night shadow-[0_1px_0_rgba(255,255,255,0.06)]">
        <div className="mx-auto flex h-topbar max-w-[1920px] items-center gap-2 px-3 sm:gap-3 sm:px-4 layout:gap-4 layout:px-6 2xl:gap-8">
          <MobileMenu
            label={t('openMenu')}
            icon={<Menu aria-hidden className="size-6" />}
            className="-ml-1 grid size-10 shrink-0 place-items-center rounded-md text-white/85 hover:bg-white/10 hover:text-white layout:hidden"
            items={items}
            liveLinks={SIDE_MENU.filter((entry) => LIVE_ONLY.has(entry.key)).map(({ key, href }) => ({
              key,
              href,
              label: t(key),
            }))}
            search={{ action: searchAction, texts }}
            languages={languages}
            texts={{
              title: t('menu'),
              close: t('closeMenu'),
              live: t('sideMenu'),
              language: t('languageHeading'),
              account: tUser('userCenter'),
            }}
            account={account}
          />
          <Link href="/main" aria-label={productName} className="min-w-0 shrink">
            <Logo name={productName} />
          </Link>
          <MainNav items={items} label={t('label')} moreLabel={t('more')} className="hidden layout:flex" />
          <div className="hidden shrink-0 layout:block">
            <SearchBox action={searchAction} texts={texts} newTab />
          </div>
          <div className="hidden shrink-0 layout:block">
            <LanguageSwitcher
              label={t('language')}
              icon={<Languages aria-hidden className="size-4" />}
              names={languages}
            />
          </div>
          <UserArea user={user} />
        </div>
      </header>
    </HideOnScroll>
  );
}
