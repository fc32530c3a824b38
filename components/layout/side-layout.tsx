// The frame of the pages with the side menu: menu on the left, content on the right.
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { type ReactNode, Suspense } from 'react';
import { SIDE_MENU, SIDEBAR_COOKIE } from './nav-items';
import { SideMenu } from './side-menu';

export async function SideLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('nav');
  const stored = (await cookies()).get(SIDEBAR_COOKIE)?.value;
  const entries = SIDE_MENU.map((entry) => ({ ...entry, label: t(entry.key) }));
  return (
    <div className="flex">
      <Suspense>
        <SideMenu
          entries={entries}
          initialCollapsed={stored === undefined ? undefined : stored === '1'}
          labels={{ collapse: t('collapse'), expand: t('expand'), menu: t('sideMenu') }}
        />
      </Suspense>
      <div className="min-w-0 flex-1 px-6 py-5">{children}</div>
    </div>
  );
}
