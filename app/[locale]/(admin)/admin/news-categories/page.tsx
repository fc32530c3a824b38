// /admin/news-categories: the headline categories — names in the four languages, order, on/off, how many
// articles each holds. Built-in ones are renamed, ordered and switched off; an operator's own is deleted
// only while it holds no article (else switched off: readers and the editor stop seeing it).

import { FolderTree, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { onOffColumn, onOffFilter, onOffLabels, orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Tag } from '@/components/admin/tag';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { categoriesForStaff } from '@/lib/news/categories';
import { CategoryEditor, DeleteCategory } from './category-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const CATEGORIES_TABLE = defineTable({
  sorts: ['sort', 'articles'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['search', 'active'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog2.categories' });
  return { title: t('title') };
}

export default async function AdminNewsCategoriesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('newsCategories');
  const t = await getTranslations('admin.catalog2.categories');
  const onOff = onOffLabels(t);
  const format = await getFormatter();
  const query = parseTableQuery(CATEGORIES_TABLE, await searchParams);
  const search = query.filters.search?.toLowerCase();
  // A few dozen categories at most: filtered, sorted and paged here.
  const all = (await categoriesForStaff(getDb()))
    .filter((row) => (query.filters.active ? String(row.active) === query.filters.active : true))
    .filter(
      (row) =>
        !search ||
        row.slug.includes(search) ||
        Object.values(row.names).some((name) => name.toLowerCase().includes(search)),
    )
    .sort((a, b) => (query.dir === 'asc' ? 1 : -1) * (a[query.sort] - b[query.sort] || a.id - b.id));
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <CategoryEditor
            category={null}
            trigger={
              <Button size="sm" data-testid="category-new">
                <Plus aria-hidden className="size-4" />
                {t('new')}
              </Button>
            }
          />
        }
      />
      <DataTable
        caption={t('title')}
        path="/admin/news-categories"
        spec={CATEGORIES_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        filters={[{ key: 'search', label: t('search'), kind: 'text' }, onOffFilter(onOff)]}
        empty={{ icon: FolderTree, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'name',
            header: t('name'),
            className: 'min-w-40',
            cell: (row) => (
              <span className="font-medium text-ink-900" data-testid="category-name">
                {row.names[locale] ?? row.names['zh-CN']}
                <span className="ml-2 text-xs font-normal text-ink-500">{row.slug}</span>
                {row.builtIn ? <Tag look="ml-2 bg-brand-50 text-brand-700">{t('builtIn')}</Tag> : null}
              </span>
            ),
          },
          {
            key: 'articles',
            header: t('articles'),
            sort: 'articles',
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => format.number(row.articles),
          },
          orderColumn(t('order')),
          onOffColumn(onOff),
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            className: 'whitespace-nowrap',
            cell: (row) => (
              <>
                <CategoryEditor
                  category={row}
                  trigger={
                    <Button size="sm" variant="ghost" data-testid={`category-edit-${row.slug}`}>
                      {t('edit')}
                    </Button>
                  }
                />
                {row.builtIn ? null : <DeleteCategory slug={row.slug} />}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
