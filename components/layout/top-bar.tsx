// The top bar: logo, navigation with hover menus, language choice (spec §2).
import { Languages } from 'lucide-react';
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
import { TOP_NAV } from './nav-items';
import { UserArea } from './user-area';

export async function TopBar({ productName, user }: { productName: string; user: SessionUser | null }) {
  const t = await getTranslations('nav');
  const tLang = await getTranslations('languages');
  const items = TOP_NAV.map((item) => ({
    ...item,
    label: t(item.key as never),
    children: item.children?.map((child) => ({ ...child, label: t(child.key as never) })),
  }));
  return (
    <HideOnScroll>
      <header className="bg-night shadow-[0_1px_0_rgba(255,255,255,0.06)]">
        <div className="mx-auto flex h-topbar max-w-[1920px] items-center gap-4 px-4 layout:px-6 2xl:gap-8">
          <Link href="/main" aria-label={productName} className="shrink-0">
            <Logo name={productName} />
          </Link>
          <MainNav items={items} label={t('label')} />
          <SearchBox
            action={localizedPath((await getLocale()) as Locale, '/search')}
            texts={await searchBoxTexts()}
            newTab
          />
          <LanguageSwitcher
            label={t('language')}
            icon={<Languages aria-hidden className="size-4" />}
            names={
              Object.fromEntries(LOCALES.map((locale) => [locale, tLang(locale)])) as Record<
                (typeof LOCALES)[number],
                string
              >
            }
          />
          <UserArea user={user} />
        </div>
      </header>
    </HideOnScroll>
  );
}
