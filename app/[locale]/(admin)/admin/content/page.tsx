// /admin/content: moderation outside reports (issue #41, item 3). A tab per kind (posts, videos, comments,
// room chat history), searched and filtered by author, room, day and state in the URL; the rows picked are
// taken down in bulk by moderators, or restored by operators, each with a reason the authors are told
// (lib/moderation/content.ts: the same take-down an upheld report does).
import { FileSearch } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataTable } from '@/components/admin/data-table';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { LocalTime } from '@/components/ui/local-time';
import { parseTableQuery, tableSearch } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import {
  CONTENT_KINDS,
  CONTENT_STATES,
  CONTENT_TABLE,
  contentKindOf,
  listContent,
  RESTORE_REASONS,
  TAKE_DOWN_REASONS,
} from '@/lib/moderation/content';
import { viewerTimeZone } from '@/lib/time/viewer-zone';
import { ContentActions } from './content-actions';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.content' });
  return { title: t('title') };
}

const STATE_TONE = {
  shown: 'text-win',
  pending: 'text-brand-700',
  refused: 'text-ink-500',
  removed: 'text-live',
} as const;

export default async function ContentPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { user } = await adminPage('content');
  const t = await getTranslations('admin.content');
  const reasons = await getTranslations('im.notices.reasons');
  const parsed = parseTableQuery(CONTENT_TABLE, await searchParams);
  const kind = contentKindOf(parsed.filters.kind);
  const query = { ...parsed, filters: { ...parsed.filters, kind } };
  const { rows, total } = await listContent(getDb(), query, await viewerTimeZone());
  const option = (code: string) => ({ code, label: reasons(code as never) });

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <nav aria-label={t('title')} className="mb-3 flex flex-wrap gap-1.5" data-testid="content-kinds">
        {CONTENT_KINDS.map((each) => (
          <Link
            key={each}
            href={`/admin/content${tableSearch(CONTENT_TABLE, query, { page: 1, filters: { kind: each } })}`}
            aria-current={each === kind ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center whitespace-nowrap rounded-full border px-3 text-sm',
              each === kind
                ? 'border-brand-500 bg-brand-500 text-white'
                : 'border-line bg-surface text-ink-700 hover:border-brand-300',
            )}
          >
            {t(`kinds.${each}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={t(`kinds.${kind}`)}
        path="/admin/content"
        spec={CONTENT_TABLE}
        query={query}
        rows={rows}
        total={total}
        rowKey={(row) => row.id}
        rowLabel={(row) => `#${row.id} ${row.text.slice(0, 40)}`}
        filters={[
          { key: 'search', label: t('search'), kind: 'text' },
          { key: 'author', label: t('author'), kind: 'text' },
          ...(kind === 'chat'
            ? [{ key: 'room', label: t('room'), kind: 'text' as const, width: 'w-28' }]
            : []),
          { key: 'from', label: t('from'), kind: 'date', width: 'w-36' },
          { key: 'to', label: t('to'), kind: 'date', width: 'w-36' },
          {
            key: 'state',
            label: t('state'),
            kind: 'select',
            options: CONTENT_STATES.filter(
              (state) => kind === 'post' || kind === 'video' || state === 'shown' || state === 'removed',
            ).map((state) => ({ value: state, label: t(`states.${state}`) })),
          },
        ]}
        bulkActions={
          <ContentActions
            kind={kind}
            mayRestore={user.role === 'operator'}
            removeReasons={TAKE_DOWN_REASONS.map(option)}
            restoreReasons={RESTORE_REASONS.map(option)}
          />
        }
        empty={{ icon: FileSearch, title: t('empty'), hint: t('emptyHint') }}
        columns={[
          {
            key: 'content',
            header: t('columns.content'),
            className: 'min-w-56 max-w-md',
            cell: (row) => (
              <span
                className="line-clamp-2 break-words text-ink-900"
                data-testid="content-text"
                title={row.text}
              >
                {row.text}
              </span>
            ),
          },
          {
            key: 'author',
            header: t('columns.author'),
            className: 'whitespace-nowrap',
            cell: (row) => (
              <span data-testid="content-author">
                {row.author.nickname} <span className="text-ink-500">#{row.author.id}</span>
              </span>
            ),
          },
          {
            key: 'place',
            header: t('columns.place'),
            className: 'max-w-40 truncate',
            cell: (row) =>
              row.link ? (
                <Link
                  href={row.link}
                  className="text-brand-600 hover:underline"
                  title={row.place ?? undefined}
                >
                  {row.place ?? t('open')}
                </Link>
              ) : (
                (row.place ?? '')
              ),
          },
          {
            key: 'state',
            header: t('columns.state'),
            className: 'whitespace-nowrap',
            cell: (row) => (
              <span className={STATE_TONE[row.state]} data-testid="content-state" data-state={row.state}>
                {t(`states.${row.state}`)}
              </span>
            ),
          },
          {
            key: 'created',
            header: t('columns.created'),
            sort: 'created',
            className: 'whitespace-nowrap tabular-nums text-ink-500',
            cell: (row) => <LocalTime at={row.createdAt} style="dateTime" />,
          },
        ]}
      />
    </>
  );
}
