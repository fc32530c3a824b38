// /news, the headlines (spec §2): categories, the articles of the reader's language newest first, and
// the most read beside them. Server-rendered for readers arriving from search engines.
import { Newspaper } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { NewsList, PopularNews } from '@/components/news/news-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { ZoneHint } from '@/components/ui/zone-hint';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { productName, screenMetadata, siteOrigin } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listCategories } from '@/lib/news/categories';
import { listNews, NEWS_PAGE_SIZE, popularNews } from '@/lib/news/service';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ classify?: string; page?: string; cursor?: string }>;
};

const positive = (value: string | undefined, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { classify } = await searchParams;
  const category = positive(classify, 1_000_000);
  const t = await getTranslations({ locale, namespace: 'news' });
  const screen = await screenMetadata(locale, 'news', category ? `/news?classify=${category}` : '/news');
  return {
    ...screen,
    description: t('description'),
    alternates: {
      ...screen.alternates,
      types: { 'application/rss+xml': `${siteOrigin()}/rss/${locale}.xml` },
    },
  };
}

export default async function NewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const categoryId = positive(query.classify, 1_000_000);
  const page = positive(query.page, 1000) ?? 1;
  // The next page's link carries the last article it followed (keyset paging, issue #45).
  const cursor = page > 1 ? positive(query.cursor, 2_147_483_647) : undefined;
  const db = getDb();
  const [t, name, categories, list, popular] = await Promise.all([
    getTranslations('news'),
    productName(locale),
    listCategories(db, locale),
    listNews(db, locale, { categoryId, page, size: NEWS_PAGE_SIZE, now: new Date(), cursor }),
    popularNews(db, locale, new Date(), 10),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / NEWS_PAGE_SIZE));
  const href = (target: { classify?: number; page?: number; cursor?: number | null }) => {
    const search = new URLSearchParams();
    if (target.classify) search.set('classify', String(target.classify));
    if (target.page && target.page > 1) search.set('page', String(target.page));
    if (target.cursor) search.set('cursor', String(target.cursor));
    const text = search.toString();
    return text ? `/news?${text}` : '/news';
  };
  const tabs = [{ id: undefined as number | undefined, name: t('all') }, ...categories];

  return (
    <>
      <div className="mx-auto grid w-full max-w-[1240px] grid-cols-1 gap-5 px-6 py-6 layout:grid-cols-[minmax(0,1fr)_300px]">
        <section aria-labelledby="news-title" className="rounded-xl border border-line bg-surface">
          <header className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-line px-5 py-3">
            <h1 id="news-title" className="text-lg font-semibold text-ink-900">
              {t('title')}
            </h1>
            <nav aria-label={t('categories')} className="flex flex-wrap gap-1.5">
              {tabs.map((tab) => {
                const active = tab.id === categoryId;
                return (
                  <Link
                    key={tab.id ?? 'all'}
                    href={href({ classify: tab.id })}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'rounded-full px-3 py-1 text-sm transition-colors',
                      active
                        ? 'bg-brand-500 text-white'
                        : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
                    )}
                  >
                    {tab.name}
                  </Link>
                );
              })}
            </nav>
            <span className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-xs text-ink-500">
              {list.list.length ? <ZoneHint /> : null}
              <span className="tabular-nums">{t('total', { count: list.total })}</span>
            </span>
          </header>
          {list.list.length ? (
            <NewsList items={list.list} />
          ) : (
            <div className="p-5">
              <EmptyState icon={Newspaper} title={t('empty')} hint={t('emptyHint')} />
            </div>
          )}
          <Pager
            page={page}
            pages={pages}
            href={(p) =>
              href({ classify: categoryId, page: p, cursor: p === page + 1 ? list.cursor : undefined })
            }
            className="border-t border-line"
          />
        </section>
        <aside className="flex flex-col gap-5">
          <PopularNews items={popular} />
        </aside>
      </div>
      <Footer productName={name} />
    </>
  );
}
