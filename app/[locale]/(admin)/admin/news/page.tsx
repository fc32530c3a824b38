// /admin/news: every article (published, scheduled, taken down) with its state, languages and reach;
// filters, sorting and paging in the URL; a new article or an edit opens the editor (./edit).

import { Newspaper, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TableSkeleton } from '@/components/admin/table-skeleton';
import { Tag } from '@/components/admin/tag';
import { Button } from '@/components/ui/button';
import { LocalTime } from '@/components/ui/local-time';
import { renderInstant } from '@/lib/accounts/current-user';
import { defineTable, parseTableQuery, type TableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listCategories } from '@/lib/news/categories';
import {
  ADMIN_ARTICLE_SORTS,
  ARTICLE_STATES,
  type ArticleState,
  listArticlesForStaff,
} from '@/lib/news/service';
import { ArticleRowActions } from './row-actions';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const NEWS_TABLE = defineTable({
  sorts: ADMIN_ARTICLE_SORTS,
  defaultSort: 'published_at',
  filters: ['state', 'category', 'search'],
  pageSize: 20,
});
type NewsQuery = TableQuery<(typeof ADMIN_ARTICLE_SORTS)[number], 'state' | 'category' | 'search'>;

const STATE_LOOK: Record<ArticleState, string> = {
  published: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-amber-50 text-amber-800',
  removed: 'bg-canvas text-ink-500',
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.news' });
  return { title: t('title') };
}

export default async function AdminNewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('news');
  const t = await getTranslations('admin.catalog.news');
  const query = parseTableQuery(NEWS_TABLE, await searchParams);
  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button asChild size="sm">
            <Link href="/admin/news/edit" data-testid="news-new">
              <Plus aria-hidden className="size-4" />
              {t('new')}
            </Link>
          </Button>
        }
      />
      <Suspense fallback={<TableSkeleton columns={8} />}>
        <ArticlesTable locale={locale} query={query} />
      </Suspense>
    </>
  );
}

/** Why an article is taken down or put back: codes read in the reader's language (im.notices.reasons). */
const TAKE_DOWN_REASONS = ['false_info', 'copyright', 'illegal', 'vulgar', 'ads', 'other'] as const;
const RESTORE_REASONS = ['mistake', 'appeal_accepted', 'other'] as const;

async function ArticlesTable({ locale, query }: { locale: Locale; query: NewsQuery }) {
  const t = await getTranslations('admin.catalog.news');
  const words = await getTranslations('im.notices.reasons');
  const options = (codes: readonly string[]) => codes.map((code) => ({ code, label: words(code as never) }));
  const reasons = { remove: options(TAKE_DOWN_REASONS), restore: options(RESTORE_REASONS) };
  const db = getDb();
  const state = ARTICLE_STATES.find((value) => value === query.filters.state);
  const categoryId = Number(query.filters.category) || undefined;
  const [categories, page] = await Promise.all([
    listCategories(db, locale, { all: true }),
    listArticlesForStaff(
      db,
      locale,
      {
        state,
        categoryId,
        search: query.filters.search,
        sort: query.sort,
        order: query.dir,
        page: query.page,
        size: query.pageSize,
      },
      renderInstant(),
    ),
  ]);

  return (
    <DataTable
      caption={t('title')}
      path="/admin/news"
      spec={NEWS_TABLE}
      query={query}
      rows={page.list}
      total={page.total}
      rowKey={(row) => row.id}
      filters={[
        { key: 'search', label: t('search'), kind: 'text', placeholder: t('searchHint') },
        {
          key: 'state',
          label: t('state'),
          kind: 'select',
          width: 'w-32',
          options: ARTICLE_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
        },
        {
          key: 'category',
          label: t('category'),
          kind: 'select',
          width: 'w-36',
          options: categories.map((category) => ({ value: String(category.id), label: category.name })),
        },
      ]}
      empty={{ icon: Newspaper, title: t('empty'), hint: t('emptyHint') }}
      columns={[
        {
          key: 'title',
          header: t('articleTitle'),
          className: 'min-w-64 max-w-96',
          cell: (row) => (
            <Link
              href={`/admin/news/edit?id=${row.id}`}
              className="line-clamp-1 font-medium text-ink-900 hover:text-brand-600"
            >
              {row.title}
            </Link>
          ),
        },
        {
          key: 'state',
          header: t('state'),
          className: 'whitespace-nowrap',
          cell: (row) => (
            <Tag look={STATE_LOOK[row.state]} data-testid="news-state">
              {t(`states.${row.state}`)}
            </Tag>
          ),
        },
        {
          key: 'category',
          header: t('category'),
          className: 'whitespace-nowrap text-ink-700',
          cell: (row) => row.category.name,
        },
        {
          key: 'locales',
          header: t('languagesColumn'),
          className: 'whitespace-nowrap text-xs text-ink-500',
          cell: (row) => row.locales.join(' · '),
        },
        {
          key: 'published_at',
          header: t('publishedAt'),
          sort: 'published_at',
          className: 'w-40 whitespace-nowrap tabular-nums',
          time: true,
          cell: (row) => <LocalTime at={row.published_at} style="dateTime" />,
        },
        {
          key: 'views',
          header: t('views'),
          sort: 'views',
          align: 'end',
          className: 'tabular-nums',
          cell: (row) => row.views,
        },
        {
          key: 'comments',
          header: t('comments'),
          sort: 'comments',
          align: 'end',
          className: 'tabular-nums',
          cell: (row) => row.comments,
        },
        {
          key: 'actions',
          header: t('actions'),
          align: 'end',
          className: 'whitespace-nowrap',
          cell: (row) => (
            <ArticleRowActions
              id={row.id}
              title={row.title}
              removed={row.state === 'removed'}
              reasons={reasons}
            />
          ),
        },
      ]}
    />
  );
}
