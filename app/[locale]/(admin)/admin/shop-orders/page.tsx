// /admin/shop-orders: the exchange shop's physical goods waiting to be shipped, with the address the
// person gave; each moves pending → shipped → delivered, or is cancelled before delivery (the coins go
// back through the ledger).

import { PackageCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Tag } from '@/components/admin/tag';
import { LocalTime } from '@/components/ui/local-time';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { physicalExchanges } from '@/lib/shop/service';
import { OrderActions } from './order-actions';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
const ORDERS_TABLE = defineTable({
  sorts: ['created_at'],
  defaultSort: 'created_at',
  filters: ['status'],
  pageSize: 50,
});
const LOOK: Record<(typeof STATUSES)[number], string> = {
  pending: 'bg-amber-50 text-amber-800',
  shipped: 'bg-brand-50 text-brand-600',
  delivered: 'bg-emerald-50 text-emerald-800',
  cancelled: 'bg-canvas text-ink-500',
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.orders' });
  return { title: t('title') };
}

export default async function ShopOrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('shopOrders');
  const t = await getTranslations('admin.catalog.orders');
  const words = await getTranslations('im.notices.reasons');
  // Why an exchange is cancelled (the coins go back): codes read in the reader's language.
  const cancelReasons = (['incomplete', 'fraud', 'other'] as const).map((code) => ({
    code,
    label: words(code),
  }));
  const query = parseTableQuery(ORDERS_TABLE, await searchParams);
  const status = STATUSES.find((value) => value === query.filters.status);
  const all = await physicalExchanges(getDb(), status, locale);
  if (query.dir === 'asc') all.reverse();
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('title')}
        path="/admin/shop-orders"
        spec={ORDERS_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        filters={[
          {
            key: 'status',
            label: t('status'),
            kind: 'select',
            width: 'w-32',
            options: STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          },
        ]}
        empty={{ icon: PackageCheck, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'created_at',
            header: t('at'),
            sort: 'created_at',
            className: 'w-40 whitespace-nowrap tabular-nums',
            time: true,
            cell: (row) => <LocalTime at={row.created_at} style="dateTime" />,
          },
          {
            key: 'goods',
            header: t('goods'),
            className: 'min-w-40',
            cell: (row) => (
              <span className="font-medium text-ink-900">
                {row.name} × {row.quantity}
              </span>
            ),
          },
          { key: 'user', header: t('user'), className: 'tabular-nums', cell: (row) => row.user_id },
          {
            key: 'cost',
            header: t('cost'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => row.cost,
          },
          {
            key: 'address',
            header: t('address'),
            className: 'min-w-56 max-w-80 text-xs text-ink-700',
            cell: (row) =>
              row.address ? (
                <span className="line-clamp-2">
                  {row.address.name} · {row.address.phone} · {row.address.region} {row.address.detail}
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'status',
            header: t('status'),
            cell: (row) => <Tag look={LOOK[row.status]}>{t(`statuses.${row.status}`)}</Tag>,
          },
          {
            key: 'actions',
            header: t('actions'),
            align: 'end',
            className: 'whitespace-nowrap',
            cell: (row) => <OrderActions id={row.id} status={row.status} cancelReasons={cancelReasons} />,
          },
        ]}
      />
    </>
  );
}
