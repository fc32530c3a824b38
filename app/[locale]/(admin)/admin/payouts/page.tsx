// /admin/payouts: the approved withdrawals waiting for the money to leave (issue #41, item 6). Finance
// exports a batch file per channel, imports the file the bank or Alipay returns (paid by reference), or
// records one payment by hand; the paid and rejected ones are one tab away, with their references.
import { Banknote } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Tag } from '@/components/admin/tag';
import { LocalTime } from '@/components/ui/local-time';
import { defineTable, parseTableQuery, tableSearch } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import {
  PAYOUT_LIST_STATUSES,
  PAYOUT_RETURN_REASONS,
  type PayoutListStatus,
  payoutList,
} from '@/lib/earnings/payouts';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { BatchPanel } from './batch-panel';
import { PayDialog } from './pay-dialog';
import { ReturnDialog } from './return-dialog';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAYOUTS_TABLE = defineTable({
  sorts: ['id'],
  defaultSort: 'id',
  filters: ['status'],
  pageSize: 50,
});
const TABS = PAYOUT_LIST_STATUSES.filter((status) => status !== 'pending');
const LOOK: Record<PayoutListStatus, string> = {
  pending: 'bg-canvas text-ink-500',
  approved: 'bg-amber-50 text-amber-800',
  paid: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-canvas text-ink-500',
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.payouts' });
  return { title: t('title') };
}

export default async function PayoutsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('payouts');
  const t = await getTranslations('admin.payouts');
  const notices = await getTranslations('im.notices');
  const reasonLabel = (code: string) => notices(`reasons.${code}` as never);
  const returnReasons = PAYOUT_RETURN_REASONS.map((code) => ({ code, label: reasonLabel(code) }));
  const query = parseTableQuery(PAYOUTS_TABLE, await searchParams);
  const status = TABS.find((value) => value === query.filters.status) ?? 'approved';
  const { list, total } = await payoutList(getDb(), {
    status,
    page: query.page,
    size: query.pageSize,
  });

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <BatchPanel />
      <nav aria-label={t('status')} className="mb-3 flex flex-wrap gap-1.5" data-testid="payout-tabs">
        {TABS.map((tab) => (
          <Link
            key={tab}
            href={`/admin/payouts${tableSearch(PAYOUTS_TABLE, query, { page: 1, filters: { status: tab } })}`}
            aria-current={tab === status ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center rounded-full border px-3 text-sm',
              tab === status
                ? 'border-brand-500 bg-brand-500 text-white'
                : 'border-line bg-surface text-ink-700 hover:border-brand-300',
            )}
          >
            {t(`statuses.${tab}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={t('title')}
        path="/admin/payouts"
        spec={PAYOUTS_TABLE}
        query={query}
        rows={list}
        total={total}
        rowKey={(row) => row.id}
        empty={{ icon: Banknote, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'reference',
            header: t('reference'),
            className: 'whitespace-nowrap tabular-nums',
            cell: (row) => <span data-testid={`payout-row-${row.id}`}>{row.reference}</span>,
          },
          {
            key: 'earner',
            header: t('earner'),
            className: 'min-w-28',
            cell: (row) => (
              <Link href={`/admin/users/${row.user_id}`} className="text-ink-900 hover:text-brand-600">
                {row.nickname}
              </Link>
            ),
          },
          {
            key: 'destination',
            header: t('destination'),
            className: 'min-w-48 text-xs text-ink-700',
            cell: (row) => (
              <>
                <span className="block font-medium break-keep text-ink-900">
                  {t(`methods.${row.method}`)}
                </span>
                <span className="break-all">{row.destination}</span>
              </>
            ),
          },
          {
            key: 'payout',
            header: t('payout'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => row.payout,
          },
          {
            key: 'approved',
            header: t('approvedAt'),
            className: 'w-40 whitespace-nowrap text-xs tabular-nums',
            cell: (row) => (
              <>
                {row.decided_at ? <LocalTime at={row.decided_at} style="dateTime" /> : '—'}
                {row.exported_at ? (
                  <span className="block text-ink-500">
                    {t('exportedAt')} <LocalTime at={row.exported_at} style="dateTime" />
                  </span>
                ) : null}
              </>
            ),
          },
          {
            key: 'status',
            header: t('status'),
            className: 'min-w-28',
            cell: (row) => (
              <>
                <Tag look={LOOK[row.status]}>{t(`statuses.${row.status}`)}</Tag>
                {row.payout_reference ? (
                  <span className="block text-xs break-all text-ink-700 tabular-nums">
                    {row.payout_reference}
                  </span>
                ) : null}
                {row.return_reason ? (
                  <span className="block text-xs text-ink-700" data-testid={`payout-returned-${row.id}`}>
                    {t('returnedWith', {
                      reason: [reasonLabel(row.return_reason), row.return_note].filter(Boolean).join(' · '),
                    })}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: t('actions'),
            align: 'end',
            cell: (row) =>
              row.status === 'approved' ? (
                // Side by side where they fit, one under the other on a phone.
                <span className="inline-flex flex-wrap justify-end gap-1">
                  <PayDialog id={row.id} reference={row.reference} />
                  <ReturnDialog
                    id={row.id}
                    reference={row.reference}
                    amount={row.amount}
                    reasons={returnReasons}
                  />
                </span>
              ) : null,
          },
        ]}
      />
    </>
  );
}
