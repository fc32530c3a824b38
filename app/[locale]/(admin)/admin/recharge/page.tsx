// /admin/recharge: the recharge packages people buy star diamonds with (price per currency, bonus, order,
// on/off). Orders already made keep what they were sold at; the wallet's list shows a change at once.

import { Plus, Wallet } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TAG_OFF, TAG_ON, Tag } from '@/components/admin/tag';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { chargeRulesForStaff } from '@/lib/wallet/recharge';
import { RuleEditor } from './rule-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const RULES_TABLE = defineTable({
  sorts: ['sort', 'diamonds'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['currency'],
  pageSize: 50,
});
/** Minor units per major unit of each currency the packages are priced in. */
const MINOR: Record<string, number> = { CNY: 100, VND: 1 };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.recharge' });
  return { title: t('title') };
}

export default async function AdminRechargePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('recharge');
  const t = await getTranslations('admin.catalog.recharge');
  const format = await getFormatter();
  const query = parseTableQuery(RULES_TABLE, await searchParams);
  const all = (await chargeRulesForStaff(getDb()))
    .filter((rule) => !query.filters.currency || rule.priceCurrency === query.filters.currency)
    .sort(
      (a, b) =>
        a.priceCurrency.localeCompare(b.priceCurrency) ||
        (query.dir === 'asc' ? 1 : -1) * (a[query.sort] - b[query.sort]),
    );
  const rows = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <RuleEditor
            rule={null}
            trigger={
              <Button size="sm" data-testid="rule-new">
                <Plus aria-hidden className="size-4" />
                {t('new')}
              </Button>
            }
          />
        }
      />
      <DataTable
        caption={t('title')}
        path="/admin/recharge"
        spec={RULES_TABLE}
        query={query}
        rows={rows}
        total={all.length}
        rowKey={(row) => row.id}
        filters={[
          {
            key: 'currency',
            label: t('currency'),
            kind: 'select',
            width: 'w-28',
            options: ['CNY', 'VND'].map((value) => ({ value, label: value })),
          },
        ]}
        empty={{ icon: Wallet, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'diamonds',
            header: t('diamonds'),
            sort: 'diamonds',
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => format.number(row.diamonds),
          },
          {
            key: 'bonus',
            header: t('bonus'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => row.bonus,
          },
          {
            key: 'price',
            header: t('price'),
            align: 'end',
            className: 'whitespace-nowrap tabular-nums',
            cell: (row) =>
              format.number(row.priceMinor / (MINOR[row.priceCurrency] ?? 1), {
                style: 'currency',
                currency: row.priceCurrency,
              }),
          },
          orderColumn(t('order')),
          {
            key: 'active',
            header: t('shown'),
            cell: (row) => <Tag look={row.active ? TAG_ON : TAG_OFF}>{row.active ? t('on') : t('off')}</Tag>,
          },
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            cell: (row) => (
              <RuleEditor
                rule={{ ...row, active: row.active === 1, minorPerMajor: MINOR[row.priceCurrency] ?? 1 }}
                trigger={
                  <Button size="sm" variant="ghost">
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
