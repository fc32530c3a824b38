// /admin/audit: the staff's audit log (issue 29, item 3): who did what to which target, when, from where,
// the values before and after and the reason; filters, sorting and paging in the URL; the chain check;
// a day range exported as CSV or JSON. Each entry reads as a sentence in the reader's language linking to
// what it touched (issue #41: lib/audit/sentences.ts), with the route and target below it.
import { ScrollText } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { TableSkeleton } from '@/components/admin/table-skeleton';
import { LocalTime } from '@/components/ui/local-time';
import { parseTableQuery } from '@/lib/admin/table-query';
import { AUDIT_TABLE, type AuditQuery, auditTargetTypes, listAudit } from '@/lib/audit/query';
import { AUDIT_SENTENCES, sentenceOf } from '@/lib/audit/sentences';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { queueSources } from '@/lib/review/source';
import { viewerTimeZone } from '@/lib/time/viewer-zone';
import { dayIn } from '@/lib/time/zone';
import { AuditDiff } from './audit-diff';
import { ChainCheck } from './chain-check';
import { ExportForm } from './export-form';
import { describeEntries } from './sentence';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.audit' });
  return { title: t('title') };
}

export default async function AuditPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('audit');
  const t = await getTranslations('admin.audit');
  const query = parseTableQuery(AUDIT_TABLE, await searchParams);
  const timeZone = await viewerTimeZone();
  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ChainCheck />
            <ExportForm today={dayIn(new Date(), timeZone)} timeZone={timeZone} />
          </>
        }
      />
      <Suspense fallback={<TableSkeleton columns={5} />}>
        <AuditTable query={query} />
      </Suspense>
    </>
  );
}

async function AuditTable({ query }: { query: AuditQuery }) {
  const t = await getTranslations('admin.audit');
  const roles = await getTranslations('admin.shell.roles');
  const timeZone = await viewerTimeZone();
  const db = getDb();
  const [{ rows, total }, targets] = await Promise.all([
    listAudit(db, query, timeZone),
    auditTargetTypes(db),
  ]);
  const { sentenceFor, actionLabel } = await describeEntries(db, rows);
  // Every action the log can say, by what it does (the queue's per source), for the action filter.
  const actions = [
    ...Object.keys(AUDIT_SENTENCES),
    ...queueSources().flatMap((source) => [
      `/api/admin/review/${source.key}/decide`,
      `/api/admin/review/${source.key}/take`,
    ]),
  ];
  return (
    <DataTable
      caption={t('title')}
      path="/admin/audit"
      spec={AUDIT_TABLE}
      query={query}
      rows={rows}
      total={total}
      rowKey={(row) => row.id}
      filters={[
        {
          key: 'actor',
          label: t('filters.actor'),
          kind: 'text',
          placeholder: t('filters.actorHint'),
          width: 'w-36',
        },
        {
          key: 'role',
          label: t('filters.role'),
          kind: 'select',
          width: 'w-28',
          options: (['operator', 'moderator', 'finance'] as const).map((role) => ({
            value: role,
            label: roles(role),
          })),
        },
        {
          key: 'action',
          label: t('filters.action'),
          kind: 'select',
          width: 'w-44',
          options: actions
            .filter((action) => sentenceOf(action))
            .map((action) => ({ value: action, label: actionLabel(action) })),
        },
        {
          key: 'target',
          label: t('filters.target'),
          kind: 'select',
          width: 'w-32',
          options: targets.map((type) => ({ value: type, label: type })),
        },
        { key: 'target_id', label: t('filters.targetId'), kind: 'text', width: 'w-20' },
        { key: 'from', label: t('filters.from'), kind: 'date', width: 'w-36' },
        { key: 'to', label: t('filters.to'), kind: 'date', width: 'w-36' },
      ]}
      empty={{ icon: ScrollText, title: t('empty'), hint: t('emptyHint') }}
      columns={[
        {
          key: 'at',
          header: t('columns.at'),
          sort: 'at',
          className: 'w-40 whitespace-nowrap tabular-nums',
          time: true,
          cell: (row) => <LocalTime at={row.at} style="dateTime" />,
        },
        {
          key: 'sentence',
          header: t('columns.sentence'),
          sort: 'action',
          className: 'min-w-72 py-2',
          cell: (row) => {
            const said = sentenceFor(row);
            return (
              <div className="space-y-0.5" data-testid={`audit-${row.id}`}>
                <p className="break-words text-ink-900" data-testid="audit-sentence">
                  {said.link ? (
                    <Link href={said.link} className="hover:text-brand-600 hover:underline">
                      {said.sentence}
                    </Link>
                  ) : (
                    said.sentence
                  )}
                </p>
                <p className="break-all font-mono text-[11px] text-ink-500" title={t('rawAction')}>
                  {row.action}
                  {row.targetType ? ` · ${row.targetType}${row.targetId ? ` #${row.targetId}` : ''}` : ''}
                </p>
              </div>
            );
          },
        },
        {
          key: 'address',
          header: t('columns.address'),
          className: 'whitespace-nowrap text-xs text-ink-500 tabular-nums',
          cell: (row) => row.address || '—',
        },
        {
          key: 'diff',
          header: t('columns.values'),
          align: 'end',
          cell: (row) => (
            <AuditDiff before={row.before} after={row.after} title={`${row.action} · #${row.id}`} />
          ),
        },
      ]}
    />
  );
}
