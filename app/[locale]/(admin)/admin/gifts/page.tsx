// /admin/gifts: the gift catalogue — picture, names in four languages, price, the anchor's share, order,
// on/off. A change reaches the next send at once (the cached catalogue is dropped on save).

import { Gift, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { onOffColumn, onOffFilter, onOffLabels, orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { GiftArt } from '@/components/live/gifts/gift-art';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { giftsForStaff } from '@/lib/gifts/service';
import type { Locale } from '@/lib/i18n/routing';
import { GiftEditor } from './gift-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const GIFTS_TABLE = defineTable({
  sorts: ['sort', 'price'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['search', 'active'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.gifts' });
  return { title: t('title') };
}

export default async function AdminGiftsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('gifts');
  const t = await getTranslations('admin.catalog.gifts');
  const query = parseTableQuery(GIFTS_TABLE, await searchParams);
  const share = getConfig().GIFT_ANCHOR_SHARE;
  const search = query.filters.search?.toLowerCase();
  // The catalogue is a few dozen rows: filtered, sorted and paged here.
  const all = (await giftsForStaff(getDb()))
    .filter((gift) => (query.filters.active ? String(gift.active) === query.filters.active : true))
    .filter(
      (gift) =>
        !search ||
        gift.code.includes(search) ||
        Object.values(gift.names).some((name) => name.toLowerCase().includes(search)),
    )
    .sort((a, b) => (query.dir === 'asc' ? 1 : -1) * (a[query.sort] - b[query.sort] || a.id - b.id));
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const newGift = (
    <GiftEditor
      gift={null}
      defaultShare={share}
      trigger={
        <Button size="sm" data-testid="gift-new">
          <Plus aria-hidden className="size-4" />
          {t('new')}
        </Button>
      }
    />
  );

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description', { share })} actions={newGift} />
      <DataTable
        caption={t('title')}
        path="/admin/gifts"
        spec={GIFTS_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        filters={[{ key: 'search', label: t('search'), kind: 'text' }, onOffFilter(onOffLabels(t))]}
        empty={{ icon: Gift, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'art',
            header: t('picture'),
            className: 'w-16',
            cell: (row) => <GiftArt code={row.code} image={row.imageUrl} size={32} />,
          },
          {
            key: 'name',
            header: t('name'),
            className: 'min-w-40',
            cell: (row) => (
              <span className="font-medium text-ink-900" data-testid="gift-name">
                {row.names[locale] ?? row.names['zh-CN']}
                <span className="ml-2 text-xs font-normal text-ink-500">{row.code}</span>
              </span>
            ),
          },
          {
            key: 'price',
            header: t('price'),
            sort: 'price',
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => <span data-testid="gift-price">{row.price}</span>,
          },
          {
            key: 'share',
            header: t('share'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) =>
              row.anchorShare === null ? (
                <span className="text-ink-500">{t('defaultShare', { share })}</span>
              ) : (
                `${row.anchorShare}%`
              ),
          },
          {
            key: 'tier',
            header: t('tier'),
            className: 'whitespace-nowrap',
            cell: (row) => t(`tiers.${row.tier}`),
          },
          orderColumn(t('order')),
          onOffColumn(onOffLabels(t)),
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            cell: (row) => (
              <GiftEditor
                gift={row}
                defaultShare={share}
                trigger={
                  <Button size="sm" variant="ghost" data-testid="gift-edit">
                    {t('edit')}
                  </Button>
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}
