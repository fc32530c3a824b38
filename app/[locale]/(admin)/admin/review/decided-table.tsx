// The queue's decided view (`/admin/review?source=…&view=decided`): the tab's decisions newest first, read
// from the audit log — when, who (name and role), the decision, the items and whom they concerned, and the
// reason in the reader's language with the reviewer's own words. A report case a bulk take-down upheld says
// so (`decidedAlsoBy`, lib/review/decided.ts).
import { History } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { RoleBadge } from '@/components/admin/role-badge';
import { LocalTime } from '@/components/ui/local-time';
import type { TableQuery } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import { REVIEW_TABLE } from '@/lib/review/api';
import type { DecidedEntry } from '@/lib/review/decided';

export async function DecidedTable({
  source,
  item,
  verbs,
  query,
  rows,
  total,
}: {
  source: string;
  item: string;
  verbs: { approve: string; reject: string };
  query: TableQuery<'created', 'source' | 'view'>;
  rows: readonly DecidedEntry[];
  total: number;
}) {
  const t = await getTranslations('admin.review.decided');
  const reasons = await getTranslations('im.notices.reasons');
  const reasonLabel = (code: string) => (reasons.has(code as never) ? reasons(code as never) : code);
  return (
    <DataTable
      caption={t('caption', { item })}
      path="/admin/review"
      spec={REVIEW_TABLE}
      query={query}
      rows={rows}
      total={total}
      rowKey={(row) => row.id}
      empty={{ icon: History, title: t('empty', { item }), hint: t('emptyHint') }}
      columns={[
        {
          key: 'at',
          header: t('columns.at'),
          className: 'w-40 whitespace-nowrap align-top tabular-nums',
          time: true,
          cell: (row) => <LocalTime at={row.at} style="dateTime" />,
        },
        {
          key: 'actor',
          header: t('columns.actor'),
          className: 'whitespace-nowrap align-top',
          cell: (row) => (
            <span className="inline-flex items-center gap-1.5" data-testid={`decided-${row.id}-actor`}>
              <span className="font-medium text-ink-900">{row.actorName ?? `#${row.actorId}`}</span>
              <RoleBadge role={row.actorRole} />
            </span>
          ),
        },
        {
          key: 'decision',
          header: t('columns.decision'),
          className: 'min-w-56 align-top',
          cell: (row) => (
            <ul className="space-y-0.5 text-sm" data-testid={`decided-${row.id}-items`}>
              {row.action === `/api/admin/review/${source}/decide` ? null : (
                <li className="text-xs text-ink-500" data-testid={`decided-${row.id}-via`}>
                  {t('viaTakeDown')}
                </li>
              )}
              {row.items.map((entry) => (
                <li key={entry.id}>
                  {entry.decision ? (
                    <span
                      className={cn(
                        'mr-1.5 font-medium',
                        entry.decision === 'approve' ? 'text-win' : 'text-live',
                      )}
                    >
                      {verbs[entry.decision]}
                    </span>
                  ) : null}
                  <span className="tabular-nums text-ink-500">#{entry.id}</span>
                  {entry.userId !== null ? (
                    <>
                      {' · '}
                      <Link href={`/admin/users/${entry.userId}`} className="text-brand-600 hover:underline">
                        {row.people[entry.userId] ?? `#${entry.userId}`}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'reason',
          header: t('columns.reason'),
          className: 'min-w-48 align-top',
          cell: (row) => (
            <span data-testid={`decided-${row.id}-reason`}>
              {reasonLabel(row.reasonCode) || '—'}
              {row.note ? <span className="text-ink-500">{t('note', { note: row.note })}</span> : null}
            </span>
          ),
        },
        {
          key: 'audit',
          header: t('columns.audit'),
          align: 'end',
          className: 'align-top whitespace-nowrap',
          cell: (row) => (
            <Link
              href={`/admin/audit?action=${encodeURIComponent(row.action)}`}
              className="text-xs text-brand-600 hover:underline"
            >
              {t('inAudit', { id: row.id })}
            </Link>
          ),
        },
      ]}
    />
  );
}
