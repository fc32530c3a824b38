// /admin/hot-search: today's hot list as readers see it, and the operators' hand on it — a term pinned at
// a position whatever the counts, or blocked from the list however often it is searched.
import { Flame, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { renderInstant } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { hotSearches, listHotSearchOverrides } from '@/lib/search/service';
import { sharedState } from '@/lib/shared-state';
import { OverrideEditor, RemoveOverride } from './override-actions';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.hotSearch' });
  return { title: t('title') };
}

export default async function HotSearchPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('hotSearch');
  const t = await getTranslations('admin.catalog.hotSearch');
  const db = getDb();
  const [overrides, today] = await Promise.all([
    listHotSearchOverrides(db),
    hotSearches(db, renderInstant(), sharedState().hotSearches),
  ]);
  const overridden = new Map(overrides.map((row) => [row.term, row]));

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <OverrideEditor
            trigger={
              <Button size="sm" data-testid="hot-new">
                <Plus aria-hidden className="size-4" />
                {t('new')}
              </Button>
            }
          />
        }
      />
      <div className="grid gap-5 layout:grid-cols-2">
        <section aria-labelledby="hot-today" className="rounded-xl border border-line bg-surface">
          <h2 id="hot-today" className="border-b border-line px-4 py-3 text-sm font-semibold text-ink-900">
            {t('today')}
          </h2>
          {today.length === 0 ? (
            <div className="p-4">
              <EmptyState icon={Flame} title={t('todayEmpty')} hint={t('todayEmptyHint')} />
            </div>
          ) : (
            <ol className="divide-y divide-line" data-testid="hot-today">
              {today.map((row, index) => (
                <li key={row.term} className="flex h-11 items-center gap-3 px-4 text-sm">
                  <span className="w-5 text-right text-ink-500 tabular-nums">{index + 1}</span>
                  <span className="flex-1 font-medium text-ink-900">{row.term}</span>
                  {overridden.get(row.term)?.position ? (
                    <span className="rounded bg-brand-50 px-1.5 text-[11px] font-medium text-brand-600">
                      {t('pinned')}
                    </span>
                  ) : null}
                  <span className="text-ink-500 tabular-nums">{t('searches', { count: row.count })}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="hot-overrides" className="rounded-xl border border-line bg-surface">
          <h2
            id="hot-overrides"
            className="border-b border-line px-4 py-3 text-sm font-semibold text-ink-900"
          >
            {t('overrides')}
          </h2>
          {overrides.length === 0 ? (
            <div className="p-4">
              <EmptyState icon={Flame} title={t('overridesEmpty')} hint={t('overridesEmptyHint')} />
            </div>
          ) : (
            <ul className="divide-y divide-line" data-testid="hot-overrides">
              {overrides.map((row) => (
                <li key={row.id} className="flex h-11 items-center gap-3 px-4 text-sm">
                  <span className="flex-1 font-medium text-ink-900">{row.term}</span>
                  <span className={row.blocked ? 'text-live' : 'text-brand-600'}>
                    {row.blocked ? t('blocked') : t('pinnedAt', { position: row.position ?? 0 })}
                  </span>
                  <RemoveOverride id={row.id} term={row.term} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
