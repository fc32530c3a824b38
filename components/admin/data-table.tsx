// The console's table: a server component over one page of rows. Sorting and paging are links that
// rewrite the URL (lib/admin/table-query.ts), filters a client bar (`filters`), bulk selection a client
// layer (`bulkActions`: client components that call `useTableSelection()`), and an empty state that says
// what will appear here. Rows are 44 px high so `TableSkeleton` reserves the same room while loading.
// Below 640 px each row stacks into a card, every cell under its column's name, and only the sortable
// headers stay above (as sort links): a phone reads the whole row without scrolling sideways.
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ZoneHint } from '@/components/ui/zone-hint';
import type { TableQuery, TableSpec } from '@/lib/admin/table-query';
import { PAGE_SIZES, tableSearch } from '@/lib/admin/table-query';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import { type FilterField, TableFilters } from './table-filters';
import { BulkBar, RowCheckbox, SelectAllCheckbox, TableSelectionProvider } from './table-selection';

export type Column<Row> = {
  key: string;
  header: string;
  /** The table's sort key this column sorts by (one of the spec's `sorts`). */
  sort?: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** Width and overflow classes of the column, e.g. `w-40` or `max-w-80 truncate`. */
  className?: string;
  /** Its cells are times in the viewer's zone: the table says the zone once, under its rows. */
  time?: boolean;
};

export type DataTableProps<Row, S extends string, F extends string> = {
  /** The table's accessible name. */
  caption: string;
  /** The page's path without the locale (e.g. `/admin/audit`). */
  path: string;
  spec: TableSpec<S, F>;
  query: TableQuery<S, F>;
  rows: readonly Row[];
  total: number;
  rowKey: (row: Row) => string | number;
  /** How a row is named to screen readers (its checkbox's label). */
  rowLabel?: (row: Row) => string;
  columns: readonly Column<Row>[];
  filters?: readonly FilterField[];
  /** Client components shown when rows are picked; they read `useTableSelection()`. */
  bulkActions?: ReactNode;
  /** What the table lists and what will appear here (with a hint when filters hide everything). */
  empty: { icon: LucideIcon; title: string; hint: string; action?: ReactNode };
  /** Beside the filters (e.g. an export button). */
  toolbar?: ReactNode;
};

export const ROW_HEIGHT_CLASS = 'h-11';
/** A column's widths and alignment give way when its row stacks (below 640 px). */
const STACKED_CELL = 'max-sm:w-auto max-sm:min-w-0 max-sm:max-w-none max-sm:text-left';

export async function DataTable<Row, S extends string, F extends string>(props: DataTableProps<Row, S, F>) {
  const { caption, path, spec, query, rows, total, rowKey, columns, filters, bulkActions, empty, toolbar } =
    props;
  const t = await getTranslations('admin.shell.table');
  const format = await getFormatter();
  const href = (patch: Parameters<typeof tableSearch<S, F>>[2]) =>
    `${path}${tableSearch(spec, query, patch)}`;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  const filtered = Object.keys(query.filters).length > 0;
  const ids = rows.map((row) => String(rowKey(row)));

  const table = (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm max-sm:block" data-testid="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:block">
          <tr className="h-10 border-b border-line bg-canvas/60 text-left text-xs font-medium text-ink-500 max-sm:flex max-sm:items-center">
            {bulkActions ? (
              <th scope="col" className="w-10 px-3 max-sm:w-auto">
                <SelectAllCheckbox />
              </th>
            ) : null}
            {columns.map((column) => {
              const sorted = column.sort === query.sort;
              const Arrow = !sorted ? ArrowUpDown : query.dir === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(
                    'px-3 font-medium whitespace-nowrap',
                    column.align === 'end' && 'text-right',
                    column.className,
                    STACKED_CELL,
                    !column.sort && 'max-sm:hidden',
                  )}
                >
                  {column.sort ? (
                    <Link
                      href={href({
                        sort: column.sort as S,
                        dir: sorted && query.dir === 'desc' ? 'asc' : 'desc',
                        page: 1,
                      })}
                      scroll={false}
                      className={cn(
                        'inline-flex items-center gap-1 hover:text-ink-900',
                        sorted && 'text-ink-900',
                      )}
                    >
                      {column.header}
                      <Arrow aria-hidden className={cn('size-3', !sorted && 'text-ink-300')} />
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row, index) => (
            <tr
              key={ids[index]}
              className={cn(
                ROW_HEIGHT_CLASS,
                'border-b border-line last:border-b-0 hover:bg-canvas/50 has-[[data-row-settled]]:hidden',
                'max-sm:flex max-sm:h-auto max-sm:flex-col max-sm:gap-1 max-sm:py-2',
              )}
              data-testid="data-row"
            >
              {bulkActions ? (
                <td className="px-3">
                  <RowCheckbox id={ids[index]!} label={props.rowLabel?.(row) ?? ids[index]!} />
                </td>
              ) : null}
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.header}
                  className={cn(
                    'px-3 align-middle text-ink-700',
                    column.align === 'end' && 'text-right tabular-nums',
                    column.className,
                    STACKED_CELL,
                    'max-sm:flex max-sm:items-start max-sm:gap-3 max-sm:py-0.5',
                    'max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:leading-5 max-sm:before:text-ink-500 max-sm:before:content-[attr(data-label)]',
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <section className="rounded-lg border border-line bg-surface" aria-label={caption}>
      {filters?.length || toolbar ? (
        <div className="flex flex-wrap items-end justify-between border-b border-line">
          {filters?.length ? <TableFilters fields={filters} /> : <span />}
          {toolbar ? <div className="flex items-center gap-2 px-3 py-2.5">{toolbar}</div> : null}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <div className="p-4">
          <EmptyState
            icon={empty.icon}
            title={filtered ? t('noMatch') : empty.title}
            hint={filtered ? t('noMatchHint') : empty.hint}
            action={filtered ? undefined : empty.action}
          />
        </div>
      ) : bulkActions ? (
        <TableSelectionProvider ids={ids}>
          <BulkBar>{bulkActions}</BulkBar>
          {table}
        </TableSelectionProvider>
      ) : (
        table
      )}
      <nav
        aria-label={t('pagination')}
        className="flex min-h-12 items-center justify-between gap-3 border-t border-line px-3 py-1.5 text-xs text-ink-500"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5">
          <span className="tabular-nums" data-testid="table-range">
            {t('range', {
              first: format.number(first),
              last: format.number(last),
              total: format.number(total),
            })}
          </span>
          {rows.length > 0 && columns.some((column) => column.time) ? <ZoneHint /> : null}
        </span>
        <div className="flex items-center gap-1">
          <span className="mr-2 hidden items-center gap-1 sm:flex">
            {t('perPage')}
            {PAGE_SIZES.map((size) => (
              <Link
                key={size}
                href={href({ pageSize: size, page: 1 })}
                scroll={false}
                aria-current={size === query.pageSize ? 'true' : undefined}
                className={cn(
                  'rounded px-1.5 py-0.5 tabular-nums hover:text-ink-900',
                  size === query.pageSize && 'bg-canvas font-medium text-ink-900',
                )}
              >
                {size}
              </Link>
            ))}
          </span>
          <PageLink href={query.page > 1 ? href({ page: query.page - 1 }) : null} label={t('previous')}>
            <ChevronLeft aria-hidden className="size-4" />
          </PageLink>
          <span className="px-1 tabular-nums">
            {t('page', { page: format.number(query.page), pages: format.number(pages) })}
          </span>
          <PageLink href={query.page < pages ? href({ page: query.page + 1 }) : null} label={t('next')}>
            <ChevronRight aria-hidden className="size-4" />
          </PageLink>
        </div>
      </nav>
    </section>
  );
}

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  const look = 'grid size-8 place-items-center rounded-md border border-line';
  if (!href)
    return (
      <span aria-disabled className={cn(look, 'text-ink-300')} title={label}>
        {children}
      </span>
    );
  return (
    <Link
      href={href}
      scroll={false}
      aria-label={label}
      className={cn(look, 'text-ink-700 hover:border-brand-400')}
    >
      {children}
    </Link>
  );
}
