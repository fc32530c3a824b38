// /admin/plans (issue 34 with the console of issue 29): every expert plan with its buyers, what its
// buyers' money still holds in escrow and its open disputes, filtered by state, expert, match and kick-off
// day, paged in the URL. A plan whose expert's share is not released yet can be voided with a reason —
// the same service as a dispute upheld in the review queue (lib/experts/plans.ts `voidPlan`).
import { ClipboardList } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Tag } from '@/components/admin/tag';
import { LocalTime } from '@/components/ui/local-time';
import { parseTableQuery } from '@/lib/admin/table-query';
import { getDb } from '@/lib/db';
import { consolePlans, PLAN_STATES, PLANS_TABLE } from '@/lib/experts/console';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { PLAN_VOID_REASONS } from '@/lib/review/reasons';
import { VoidPlan } from './void-plan';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const LOOK = {
  open: 'bg-brand-50 text-brand-600',
  graded: 'bg-amber-50 text-amber-800',
  released: 'bg-emerald-50 text-emerald-800',
  voided: 'bg-canvas text-ink-500',
} as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.plans' });
  return { title: t('title') };
}

export default async function PlansPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('plans');
  const [t, grades, reasons] = await Promise.all([
    getTranslations('admin.plans'),
    getTranslations('experts.grades'),
    getTranslations('im.notices.reasons'),
  ]);
  const query = parseTableQuery(PLANS_TABLE, await searchParams);
  const { rows, total } = await consolePlans(getDb(), query, locale);
  const voidReasons = PLAN_VOID_REASONS.map((code) => ({ code, label: reasons(code) }));

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('title')}
        path="/admin/plans"
        spec={PLANS_TABLE}
        query={query}
        rows={rows}
        total={total}
        rowKey={(row) => row.id}
        filters={[
          {
            key: 'state',
            label: t('filters.state'),
            kind: 'select',
            width: 'w-40',
            options: PLAN_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
          },
          { key: 'expert', label: t('filters.expert'), kind: 'text', width: 'w-48' },
          { key: 'match', label: t('filters.match'), kind: 'text', width: 'w-28' },
          { key: 'date', label: t('filters.date'), kind: 'date', width: 'w-36' },
        ]}
        empty={{ icon: ClipboardList, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'published',
            header: t('columns.published'),
            sort: 'published',
            className: 'w-32 whitespace-nowrap text-xs tabular-nums',
            time: true,
            cell: (row) => <LocalTime at={row.published_at} style="dateTime" />,
          },
          {
            key: 'plan',
            header: t('columns.plan'),
            className: 'min-w-48 max-w-72',
            cell: (row) => (
              <div className="min-w-0">
                <Link
                  href={`/specialist-detail?id=${row.id}`}
                  target="_blank"
                  className="line-clamp-1 font-medium text-ink-900 hover:text-brand-600"
                >
                  {row.title}
                </Link>
                <p
                  className="truncate text-xs text-ink-500"
                  title={`${row.expert.nickname} · #${row.expert.id}`}
                >
                  {row.expert.nickname} · #{row.expert.id}
                </p>
              </div>
            ),
          },
          {
            key: 'match',
            header: t('columns.match'),
            sort: 'kickoff',
            className: 'min-w-44 max-w-60',
            cell: (row) => (
              <div className="min-w-0 text-xs">
                <p className="truncate text-ink-900" title={`${row.match.home} – ${row.match.away}`}>
                  {row.match.home} – {row.match.away}
                </p>
                <p className="whitespace-nowrap text-ink-500">
                  #{row.match.id} ·{' '}
                  <LocalTime at={row.kickoff_at} style="dateTime" className="tabular-nums" />
                </p>
              </div>
            ),
          },
          {
            key: 'price',
            header: t('columns.price'),
            align: 'end',
            className: 'whitespace-nowrap tabular-nums',
            cell: (row) => (row.price ? row.price : t('free')),
          },
          {
            key: 'buyers',
            header: t('columns.buyers'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => row.buyers,
          },
          {
            key: 'held',
            header: t('columns.held'),
            align: 'end',
            className: 'tabular-nums',
            cell: (row) => row.held_escrow,
          },
          {
            key: 'state',
            header: t('columns.state'),
            className: 'min-w-32',
            cell: (row) => (
              <div className="flex flex-wrap items-center gap-1" data-testid={`plan-state-${row.id}`}>
                <Tag look={LOOK[row.state]}>{t(`states.${row.state}`)}</Tag>
                {row.grade ? <Tag look="bg-canvas text-ink-700">{grades(row.grade as never)}</Tag> : null}
                {row.open_disputes ? (
                  <Tag look="bg-live/10 text-live">{t('disputes', { count: row.open_disputes })}</Tag>
                ) : null}
              </div>
            ),
          },
          {
            key: 'actions',
            header: t('columns.actions'),
            align: 'end',
            className: 'whitespace-nowrap',
            cell: (row) =>
              row.voidable ? <VoidPlan id={row.id} title={row.title} reasons={voidReasons} /> : null,
          },
        ]}
      />
    </>
  );
}
