// /admin/goods: the exchange shop's goods — picture, names, kind, price in coins, stock, per-user limit,
// order, on/off. New goods are fan goods shipped home (their orders: /admin/shop-orders); what a virtual
// goods delivers (gifts, trial days, horns, a badge colour) stays as seeded. Exchanges made keep their cost.

import { Package, Plus } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { onOffColumn, onOffFilter, onOffLabels, orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Tag } from '@/components/admin/tag';
import { GiftArt } from '@/components/live/gifts/gift-art';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { goodsKind } from '@/lib/shop/schema';
import { goodsForStaff } from '@/lib/shop/service';
import { GoodsEditor } from './goods-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const GOODS_TABLE = defineTable({
  sorts: ['sort', 'price', 'stock'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['search', 'kind', 'active'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog2.goods' });
  return { title: t('title') };
}

export default async function AdminGoodsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('goods');
  const t = await getTranslations('admin.catalog2.goods');
  const onOff = onOffLabels(t);
  const tKinds = await getTranslations('shop.kinds');
  const format = await getFormatter();
  const query = parseTableQuery(GOODS_TABLE, await searchParams);
  const search = query.filters.search?.toLowerCase();
  // The catalogue is a few dozen rows: filtered, sorted and paged here.
  const all = (await goodsForStaff(getDb()))
    .filter((row) => (query.filters.active ? String(row.active) === query.filters.active : true))
    .filter((row) => !query.filters.kind || row.kind === query.filters.kind)
    .filter(
      (row) =>
        !search ||
        row.code.includes(search) ||
        Object.values(row.names).some((name) => name.toLowerCase().includes(search)),
    )
    .sort((a, b) => (query.dir === 'asc' ? 1 : -1) * (a[query.sort] - b[query.sort] || a.id - b.id));
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const editable = (row: (typeof all)[number]) => ({
    id: row.id,
    code: row.code,
    kind: tKinds(row.kind),
    names: row.names,
    descriptions: row.descriptions,
    imageUrl: row.imageUrl,
    price: row.price,
    stock: row.stock,
    perUserLimit: row.perUserLimit,
    sort: row.sort,
    active: row.active,
  });

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <GoodsEditor
            goods={null}
            trigger={
              <Button size="sm" data-testid="goods-new">
                <Plus aria-hidden className="size-4" />
                {t('new')}
              </Button>
            }
          />
        }
      />
      <DataTable
        caption={t('title')}
        path="/admin/goods"
        spec={GOODS_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        filters={[
          { key: 'search', label: t('search'), kind: 'text' },
          {
            key: 'kind',
            label: t('kind'),
            kind: 'select',
            width: 'w-40',
            options: goodsKind.enumValues.map((value) => ({ value, label: tKinds(value) })),
          },
          onOffFilter(onOff),
        ]}
        empty={{ icon: Package, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'picture',
            header: t('picture'),
            className: 'w-16',
            cell: (row) =>
              row.giftCode && !row.imageUrl ? (
                <GiftArt code={row.giftCode} size={32} />
              ) : (
                <img
                  src={row.imageUrl ?? `/shop/${row.code}.svg`}
                  alt=""
                  width={32}
                  height={32}
                  className="size-8 rounded object-cover"
                />
              ),
          },
          {
            key: 'name',
            header: t('name'),
            className: 'min-w-44',
            cell: (row) => (
              <span className="block font-medium text-ink-900" data-testid="goods-name">
                {row.names[locale] ?? row.names['zh-CN']}
                <span className="mt-0.5 block text-xs font-normal text-ink-500">{tKinds(row.kind)}</span>
              </span>
            ),
          },
          {
            key: 'price',
            header: t('price'),
            sort: 'price',
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => <span data-testid="goods-price">{format.number(row.price)}</span>,
          },
          {
            key: 'stock',
            header: t('stock'),
            sort: 'stock',
            align: 'end',
            className: 'tabular-nums',
            cell: (row) =>
              row.stock ? (
                format.number(row.stock)
              ) : (
                <Tag look="bg-amber-50 text-amber-800">{t('soldOut')}</Tag>
              ),
          },
          {
            key: 'limit',
            header: t('limit'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => format.number(row.perUserLimit),
          },
          orderColumn(t('order')),
          onOffColumn(onOff),
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            cell: (row) => (
              <GoodsEditor
                goods={editable(row)}
                trigger={
                  <Button size="sm" variant="ghost" data-testid={`goods-edit-${row.code}`}>
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
