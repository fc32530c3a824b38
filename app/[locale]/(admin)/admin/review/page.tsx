// /admin/review: the one review queue (issue 29, item 2). A tab per source the signed-in role may review
// (its own routes' `staff`), with how many items wait; the chosen source's items oldest first with what
// the decision needs (the details, pictures, the reported thing in context); a decision per row or over
// the rows picked, always with a reason the person is told in their message centre. A row that concerns
// the reader shows its actions disabled (a colleague decides it). Reports come as cases (every report on one
// thing in one row), and a staff member can take an item ("我来处理"). `?view=decided` lists what was
// decided in the tab (from the audit log): who, when, what and why.
import { Inbox } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { DecideItem, DecideSelected, type DecisionCopy } from '@/components/admin/review/decide';
import { TakeItem } from '@/components/admin/review/take';
import { LocalTime } from '@/components/ui/local-time';
import { parseTableQuery, tableSearch } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { concernsOfItems, REVIEW_TABLE, reviewDecidePath, reviewListPath } from '@/lib/review/api';
import { claimsOf } from '@/lib/review/claims';
import { listDecided } from '@/lib/review/decided';
import type { QueueItem } from '@/lib/review/source';
import { queueSources } from '@/lib/review/source';
import { mayUseRoutes } from '@/lib/server/staff-access';
import { DecidedTable } from './decided-table';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.review' });
  return { title: t('title') };
}

export default async function ReviewPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The guard builds the route table, which registers every source (lib/review/api.ts).
  const { user } = await adminPage('review');
  const t = await getTranslations('admin.review');
  const words = await getTranslations('im.notices');
  const label = (key: string, group: 'items' | 'reasons') =>
    (words as unknown as (key: string) => string)(`${group}.${key}`);
  const db = getDb();
  const now = new Date();
  const sources = queueSources().filter((source) => mayUseRoutes(user.role, [reviewListPath(source.key)]));
  const counts = await Promise.all(sources.map((source) => source.count(db, now)));
  const query = parseTableQuery(REVIEW_TABLE, await searchParams);
  const chosen =
    sources.find((source) => source.key === query.filters.source) ??
    sources[counts.findIndex((count) => count > 0)] ??
    sources[0]!;
  const decidedView = query.filters.view === 'decided';
  // A report case's uphold also offers the author's sanction to whoever may sanction in the case file.
  const sanctionAuthor = !!chosen.author && mayUseRoutes(user.role, ['/api/admin/users/sanction']);
  const tableQuery = {
    ...query,
    filters: { source: chosen.key, ...(decidedView ? { view: 'decided' } : {}) },
  };
  const decided = await listDecided(
    db,
    reviewDecidePath(chosen.key),
    { page: decidedView ? query.page : 1, size: decidedView ? query.pageSize : 1 },
    chosen.decidedAlsoBy,
  );
  const [rows, total] = decidedView
    ? [[], 0]
    : await Promise.all([
        chosen.list(db, { page: query.page, size: query.pageSize, dir: query.dir, locale }, now),
        chosen.count(db, now),
      ]);
  // Items about the reader (theirs, or they are party to them) are for a colleague to decide.
  const [concerned, claims] = await Promise.all([
    concernsOfItems(db, chosen, rows),
    claimsOf(
      db,
      chosen.key,
      rows.map((row) => row.id),
    ),
  ]);
  const ownItem = (id: number) => (concerned.get(id)?.includes(user.id) ? t('ownItem') : undefined);
  const verbs = await getTranslations(`admin.review.verbs`);
  const verb = (action: 'approve' | 'reject') =>
    verbs.has(`${chosen.key}.${action}` as never)
      ? verbs(`${chosen.key}.${action}` as never)
      : verbs(`default.${action}`);
  const item = label(chosen.key, 'items');
  const copy: DecisionCopy = {
    approve: verb('approve'),
    reject: verb('reject'),
    // The dialog says what the decision does ("作废并退款：竞猜申诉"), not a generic approve or refuse.
    approveTitle: t('decisionTitle', { verb: verb('approve'), item }),
    rejectTitle: t('decisionTitle', { verb: verb('reject'), item }),
    hint: t('hint'),
    approveReasons: chosen.reasons.approve.map((code) => ({ code, label: label(code, 'reasons') })),
    rejectReasons: chosen.reasons.reject.map((code) => ({ code, label: label(code, 'reasons') })),
  };
  const field = (key: string) =>
    t.has(`fields.${key}` as never) ? t(`fields.${key}` as never) : key.replaceAll('_', ' ');

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <nav aria-label={t('sources')} className="mb-3 flex flex-wrap gap-1.5" data-testid="review-sources">
        {sources.map((source, index) => (
          <Link
            key={source.key}
            href={`/admin/review${tableSearch(REVIEW_TABLE, tableQuery, { page: 1, filters: { source: source.key } })}`}
            aria-current={source === chosen ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm',
              source === chosen
                ? 'border-brand-500 bg-brand-500 text-white'
                : 'border-line bg-surface text-ink-700 hover:border-brand-300',
            )}
          >
            {label(source.key, 'items')}
            <span
              className={cn(
                'min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums',
                source === chosen ? 'bg-white/20' : counts[index] ? 'bg-live text-white' : 'bg-canvas',
              )}
            >
              {counts[index]}
            </span>
          </Link>
        ))}
      </nav>
      <nav
        aria-label={t('views.label')}
        className="mb-3 flex gap-4 border-b border-line text-sm"
        data-testid="review-views"
      >
        {(
          [
            ['waiting', counts[sources.indexOf(chosen)] ?? 0],
            ['decided', decided.total],
          ] as const
        ).map(([view, count]) => {
          const current = (view === 'decided') === decidedView;
          return (
            <Link
              key={view}
              href={`/admin/review${tableSearch(REVIEW_TABLE, tableQuery, { page: 1, filters: { view: view === 'decided' ? 'decided' : '' } })}`}
              aria-current={current ? 'page' : undefined}
              data-testid={`review-view-${view}`}
              className={cn(
                '-mb-px inline-flex h-9 items-center gap-1.5 border-b-2 px-1',
                current
                  ? 'border-brand-500 font-medium text-ink-900'
                  : 'border-transparent text-ink-500 hover:text-ink-900',
              )}
            >
              {t(`views.${view}`)}
              <span className="text-xs text-ink-500 tabular-nums">{count}</span>
            </Link>
          );
        })}
      </nav>
      {decidedView ? (
        <DecidedTable
          source={chosen.key}
          item={item}
          verbs={{ approve: verb('approve'), reject: verb('reject') }}
          query={tableQuery}
          rows={decided.list}
          total={decided.total}
        />
      ) : (
        <DataTable
          caption={t('caption', { item })}
          path="/admin/review"
          spec={REVIEW_TABLE}
          query={tableQuery}
          rows={rows}
          total={total}
          rowKey={(row) => row.id}
          rowLabel={(row) => `${row.nickname} · ${row.summary}`}
          bulkActions={<DecideSelected source={chosen.key} copy={copy} />}
          empty={{ icon: Inbox, title: t('empty', { item }), hint: t('emptyHint') }}
          columns={[
            {
              key: 'created',
              header: t('columns.created'),
              sort: 'created',
              className: 'w-36 whitespace-nowrap align-top tabular-nums',
              time: true,
              cell: (row) => <LocalTime at={row.createdAt} style="dateTime" />,
            },
            {
              key: 'person',
              header: t('columns.person'),
              className: 'w-40 align-top',
              cell: (row) => (
                <Link href={`/admin/users/${row.userId}`} className="text-brand-600 hover:underline">
                  {row.nickname} <span className="text-xs text-ink-500 tabular-nums">#{row.userId}</span>
                </Link>
              ),
            },
            {
              key: 'item',
              header: t('columns.item'),
              className: 'min-w-72 py-2 align-top',
              cell: (row) => <ItemDetails row={row} field={field} contextLabel={t} />,
            },
            {
              key: 'actions',
              header: t('columns.actions'),
              align: 'end',
              className: 'w-52 align-top py-2',
              cell: (row) => {
                const claim = claims.get(row.id);
                return (
                  <div className="flex flex-col items-end gap-1.5">
                    <DecideItem
                      source={chosen.key}
                      id={row.id}
                      copy={copy}
                      ownItem={ownItem(row.id)}
                      sanctionAuthor={sanctionAuthor}
                      roomActions={!!chosen.room && row.context?.type === 'room'}
                    />
                    {ownItem(row.id) ? null : (
                      <TakeItem
                        source={chosen.key}
                        id={row.id}
                        me={user.id}
                        takenBy={claim ? { id: claim.staffId, nickname: claim.nickname } : null}
                      />
                    )}
                  </div>
                );
              },
            },
          ]}
        />
      )}
    </>
  );
}

/** A report case: how many reported it, who, and between which times. */
function CaseLine({
  found,
  words,
}: {
  found: NonNullable<QueueItem['case']>;
  words: Awaited<ReturnType<typeof getTranslations<'admin.review'>>>;
}) {
  return (
    <div className="text-xs text-ink-700" data-testid="report-case">
      <p>
        <span className="mr-1">{words('case.reporters', { count: found.reports })}</span>
        {found.reporters.map((reporter, index) => (
          <span key={reporter.id}>
            {index ? words('case.separator') : ''}
            <Link href={`/admin/users/${reporter.id}`} className="text-brand-600 hover:underline">
              {reporter.nickname}
            </Link>
          </span>
        ))}
      </p>
      <p className="text-ink-500 tabular-nums">
        {words('case.first')} <LocalTime at={found.first} style="dateTime" />
        {found.reports > 1 ? (
          <>
            {' · '}
            {words('case.last')} <LocalTime at={found.last} style="dateTime" />
          </>
        ) : null}
      </p>
    </div>
  );
}

function ItemDetails({
  row,
  field,
  contextLabel,
}: {
  row: QueueItem;
  field: (key: string) => string;
  contextLabel: Awaited<ReturnType<typeof getTranslations<'admin.review'>>>;
}) {
  const shown = Object.entries(row.fields).filter(([, value]) => value !== null && value !== '');
  return (
    <div className="space-y-1.5 text-sm" data-testid={`review-item-${row.id}`}>
      <p className="font-medium break-words text-ink-900">{row.summary}</p>
      {row.case ? <CaseLine found={row.case} words={contextLabel} /> : null}
      {shown.length ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {shown.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-ink-500">{field(key)}</dt>
              <dd className="break-words text-ink-700">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {row.media?.length ? (
        <div className="flex flex-wrap gap-1.5">
          {row.media.map((media) =>
            media.kind === 'image' ? (
              <a key={media.url} href={media.url} target="_blank" rel="noreferrer">
                <img src={media.url} alt="" className="size-16 rounded border border-line object-cover" />
              </a>
            ) : (
              // biome-ignore lint/a11y/useMediaCaption: members' uploads have no captions
              <video key={media.url} src={media.url} controls preload="none" className="h-24 rounded" />
            ),
          )}
        </div>
      ) : null}
      {row.context ? (
        <div className="rounded-md border border-line bg-canvas/60 px-2.5 py-1.5 text-xs">
          <p className="text-ink-500">
            {contextLabel('context', {
              type: contextLabel.has(`contextTypes.${row.context.type}` as never)
                ? contextLabel(`contextTypes.${row.context.type}` as never)
                : row.context.type,
              id: row.context.id,
            })}
          </p>
          {row.context.title || row.context.body ? (
            <p className="mt-0.5 break-words text-ink-900">
              <span className="font-medium">{row.context.title}</span>
              {row.context.body ? ` — ${row.context.body}` : ''}
            </p>
          ) : (
            <p className="mt-0.5 text-ink-500">{contextLabel('contextGone')}</p>
          )}
          {row.context.link ? (
            <a
              href={row.context.link}
              target="_blank"
              rel="noreferrer"
              className="text-brand-600 hover:underline"
            >
              {contextLabel('open')}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
