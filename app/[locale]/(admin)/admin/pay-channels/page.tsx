// /admin/pay-channels: the pay channels the code knows — configured on this install or not (the secrets stay
// in the environment, never shown), on/off and order. Buyers see the configured channels that are on, in
// this order, from the next page they open: no restart.

import { CreditCard } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { onOffColumn, onOffFilter, onOffLabels, orderColumn } from '@/components/admin/catalog/columns';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TAG_ON, Tag } from '@/components/admin/tag';
import { Button } from '@/components/ui/button';
import { defineTable, parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { payChannelsForStaff } from '@/lib/wallet/recharge';
import { ChannelEditor } from './channel-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const CHANNELS_TABLE = defineTable({
  sorts: ['sort'],
  defaultSort: 'sort',
  defaultDir: 'asc',
  filters: ['active'],
  pageSize: 50,
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog2.channels' });
  return { title: t('title') };
}

export default async function AdminPayChannelsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('payChannels');
  const t = await getTranslations('admin.catalog2.channels');
  const onOff = onOffLabels(t);
  const tWallet = await getTranslations('wallet.channels');
  const query = parseTableQuery(CHANNELS_TABLE, await searchParams);
  // Three channels: filtered and sorted here.
  const all = (await payChannelsForStaff(getDb()))
    .filter((row) => (query.filters.active ? String(row.active) === query.filters.active : true))
    .sort((a, b) => (query.dir === 'asc' ? 1 : -1) * (a.sort - b.sort));

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('title')}
        path="/admin/pay-channels"
        spec={CHANNELS_TABLE}
        query={query}
        rows={all}
        total={all.length}
        rowKey={(row) => row.channel}
        filters={[onOffFilter(onOff)]}
        empty={{ icon: CreditCard, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'name',
            header: t('channel'),
            className: 'min-w-40',
            cell: (row) => (
              <span className="font-medium text-ink-900" data-testid="channel-name">
                {tWallet(row.channel)}
                <span className="ml-2 text-xs font-normal text-ink-500">{row.channel}</span>
              </span>
            ),
          },
          {
            key: 'configured',
            header: t('configured'),
            className: 'min-w-48',
            cell: (row) =>
              row.configured ? (
                <Tag look={TAG_ON}>{t('isConfigured')}</Tag>
              ) : (
                <span className="flex flex-col items-start gap-0.5">
                  <Tag look="bg-amber-50 text-amber-800">{t('notConfigured')}</Tag>
                  <span className="text-xs text-ink-500">{t('notConfiguredHint')}</span>
                </span>
              ),
          },
          orderColumn(t('order')),
          onOffColumn<(typeof all)[number]>(onOff, (row) => `channel-state-${row.channel}`),
          {
            key: 'edit',
            header: t('actions'),
            align: 'end',
            cell: (row) => (
              <ChannelEditor
                channel={{ ...row, name: tWallet(row.channel) }}
                trigger={
                  <Button size="sm" variant="ghost" data-testid={`channel-edit-${row.channel}`}>
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
