// The console's side navigation: the registry's entries the signed-in role may open, grouped by section.
// From 992 px it is a sticky column; below, a row that scrolls sideways above the page.
import { getTranslations } from 'next-intl/server';
import type { AdminNavEntry } from '@/lib/admin/nav';
import { ADMIN_SECTIONS } from '@/lib/admin/nav';
import { AdminNavLink } from './nav-link';

export async function AdminNav({ entries }: { entries: readonly AdminNavEntry[] }) {
  const t = await getTranslations('admin');
  const sections = ADMIN_SECTIONS.map((section) => ({
    section,
    entries: entries.filter((entry) => entry.section === section),
  })).filter((group) => group.entries.length > 0);
  return (
    <nav
      aria-label={t('shell.navLabel')}
      className="border-b border-line bg-surface layout:sticky layout:top-topbar layout:h-[calc(100vh-var(--spacing-topbar))] layout:w-56 layout:shrink-0 layout:overflow-y-auto layout:border-r layout:border-b-0"
      data-testid="admin-nav"
    >
      <div className="flex gap-4 overflow-x-auto px-3 py-2 layout:flex-col layout:gap-5 layout:px-3 layout:py-5">
        {sections.map(({ section, entries: group }) => (
          <div
            key={section}
            className="flex shrink-0 items-center gap-1 layout:flex-col layout:items-stretch"
          >
            <p className="hidden px-2.5 pb-1 text-[11px] font-semibold tracking-wide text-ink-500 uppercase layout:block">
              {t(`shell.sections.${section}`)}
            </p>
            {group.map((entry) => (
              <AdminNavLink key={entry.key} href={entry.href}>
                <entry.icon aria-hidden className="size-4 shrink-0 text-ink-500" strokeWidth={1.8} />
                {t(entry.label)}
              </AdminNavLink>
            ))}
          </div>
        ))}
      </div>
    </nav>
  );
}
