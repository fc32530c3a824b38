// /admin/sms: what the SMS provider was handed, newest first (issue 29, item 6). With the built-in
// provider (`SMS_PROVIDER=outbox`) this is where the codes are delivered: an operator reads a code here
// and passes it on; with a real gateway it is the delivery log.

import { MessageSquareText } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TableSkeleton } from '@/components/admin/table-skeleton';
import { TAG_ON, Tag } from '@/components/admin/tag';
import { LocalTime } from '@/components/ui/local-time';
import { listOutbox, OUTBOX_TABLE } from '@/lib/accounts/sms';
import { parseTableQuery } from '@/lib/admin/table-query';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.sms' });
  return { title: t('title') };
}

export default async function SmsOutboxPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('sms');
  const t = await getTranslations('admin.ops.sms');
  const query = parseTableQuery(OUTBOX_TABLE, await searchParams);
  const builtIn = getConfig().SMS_PROVIDER === 'outbox';
  return (
    <>
      <AdminPageHeader title={t('title')} description={builtIn ? t('builtIn') : t('gateway')} />
      <Suspense fallback={<TableSkeleton columns={5} />}>
        <OutboxTable query={query} />
      </Suspense>
    </>
  );
}

async function OutboxTable({ query }: { query: Parameters<typeof listOutbox>[1] }) {
  const t = await getTranslations('admin.ops.sms');
  const { rows, total } = await listOutbox(getDb(), query);
  return (
    <DataTable
      caption={t('title')}
      path="/admin/sms"
      spec={OUTBOX_TABLE}
      query={query}
      rows={rows}
      total={total}
      rowKey={(row) => row.id}
      filters={[
        { key: 'recipient', label: t('recipient'), kind: 'text', placeholder: '138…' },
        {
          key: 'status',
          label: t('status'),
          kind: 'select',
          width: 'w-32',
          options: [
            { value: 'sent', label: t('statuses.sent') },
            { value: 'failed', label: t('statuses.failed') },
          ],
        },
      ]}
      empty={{ icon: MessageSquareText, title: t('empty'), hint: t('emptyHint') }}
      columns={[
        {
          key: 'at',
          header: t('at'),
          sort: 'at',
          className: 'w-40 whitespace-nowrap tabular-nums',
          time: true,
          cell: (row) => <LocalTime at={row.createdAt} style="dateTime" />,
        },
        {
          key: 'recipient',
          header: t('recipient'),
          className: 'whitespace-nowrap tabular-nums',
          cell: (row) => row.recipient,
        },
        {
          key: 'body',
          header: t('body'),
          className: 'min-w-64',
          cell: (row) => <span className="text-ink-900">{row.body}</span>,
        },
        {
          key: 'provider',
          header: t('provider'),
          className: 'whitespace-nowrap text-xs text-ink-500',
          cell: (row) => row.provider,
        },
        {
          key: 'status',
          header: t('status'),
          className: 'whitespace-nowrap',
          cell: (row) => (
            <Tag title={row.error ?? undefined} look={row.status === 'sent' ? TAG_ON : 'bg-red-50 text-live'}>
              {row.status === 'sent' || row.status === 'failed' ? t(`statuses.${row.status}`) : row.status}
            </Tag>
          ),
        },
      ]}
    />
  );
}
