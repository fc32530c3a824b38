// /admin/nobility: the nobility tiers — monthly price to open, renewal price to extend (whole yellow diamonds),
// the privileges every tier grants, order, sold or not. A price change applies to purchases made after it.

import { Crown } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { onOffColumn, onOffFilter, onOffLabels, orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { NobleBadge } from '@/components/live/chat/noble-badge';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { nobilityTiersForStaff } from '@/lib/nobility/catalog';
import {
  NOBILITY_PRICE_MAX,
  NOBILITY_PRICE_MIN,
  NOBILITY_PRIVILEGES,
  NOBLE_FREE_HORNS,
  type NobilityCode,
} from '@/lib/nobility/tiers';
import { TierEditor } from './tier-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const TIERS_TABLE = defineTable({
  sorts: ['sort', 'tier'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['active'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog2.nobility' });
  return { title: t('title') };
}

export default async function AdminNobilityPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('nobility');
  const t = await getTranslations('admin.catalog2.nobility');
  const onOff = onOffLabels(t);
  const tChat = await getTranslations('chat');
  const tNobility = await getTranslations('nobility');
  const format = await getFormatter();
  const query = parseTableQuery(TIERS_TABLE, await searchParams);
  // Five tiers: filtered and sorted here.
  const all = (await nobilityTiersForStaff(getDb()))
    .filter((row) => (query.filters.active ? String(row.active) === query.filters.active : true))
    .sort((a, b) => (query.dir === 'asc' ? 1 : -1) * (a[query.sort] - b[query.sort] || a.tier - b.tier));
  const privileges = NOBILITY_PRIVILEGES.map((key) =>
    tNobility(`privileges.${key}`, { count: NOBLE_FREE_HORNS }),
  );

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('title')}
        path="/admin/nobility"
        spec={TIERS_TABLE}
        query={query}
        rows={all}
        total={all.length}
        rowKey={(row) => row.tier}
        filters={[onOffFilter(onOff)]}
        empty={{ icon: Crown, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'tier',
            header: t('tier'),
            sort: 'tier',
            className: 'min-w-32',
            cell: (row) => (
              <span className="flex items-center gap-2 font-medium text-ink-900" data-testid="tier-name">
                <NobleBadge tier={row.tier} />
                {tChat(`nobles.${row.code as NobilityCode}`)}
              </span>
            ),
          },
          {
            key: 'price',
            header: t('price'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => <span data-testid="tier-price">{format.number(row.monthlyPrice)}</span>,
          },
          {
            key: 'renewal',
            header: t('renewal'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => format.number(row.renewalPrice),
          },
          {
            key: 'privileges',
            header: t('privileges'),
            className: 'min-w-72 text-xs text-ink-500',
            cell: () => privileges.join(' · '),
          },
          orderColumn(t('order')),
          onOffColumn(onOff),
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            className: 'whitespace-nowrap',
            cell: (row) => (
              <TierEditor
                tier={{
                  tier: row.tier,
                  name: tChat(`nobles.${row.code as NobilityCode}`),
                  monthlyPrice: row.monthlyPrice,
                  renewalPrice: row.renewalPrice,
                  sort: row.sort,
                  active: row.active,
                }}
                bounds={{ min: NOBILITY_PRICE_MIN, max: NOBILITY_PRICE_MAX }}
                trigger={
                  <Button size="sm" variant="ghost" data-testid={`tier-edit-${row.code}`}>
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
