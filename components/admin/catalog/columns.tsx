// The catalogue screens' shared table parts: the on/off filter, the order column and the on/off tag column,
// labelled by the page's own messages (`shown`, `on`, `off`, `order`).
import type { Column } from '@/components/admin/data-table';
import type { FilterField } from '@/components/admin/table-filters';
import { TAG_OFF, TAG_ON, Tag } from '@/components/admin/tag';

type OnOffLabels = { shown: string; on: string; off: string };

/** The `active` filter: shown or hidden rows. */
export const onOffFilter = ({ shown, on, off }: OnOffLabels): FilterField => ({
  key: 'active',
  label: shown,
  kind: 'select',
  width: 'w-28',
  options: [
    { value: 'true', label: on },
    { value: 'false', label: off },
  ],
});

/** The column of a row's `sort`, sortable by the spec's `sort`. */
export const orderColumn = <Row extends { sort: number }>(header: string): Column<Row> => ({
  key: 'sort',
  header,
  sort: 'sort',
  align: 'end',
  className: 'tabular-nums',
  cell: (row) => row.sort,
});

/** The column of a row's on/off state as a tag. */
export const onOffColumn = <Row extends { active: boolean }>(
  { shown, on, off }: OnOffLabels,
  testId?: (row: Row) => string,
): Column<Row> => ({
  key: 'active',
  header: shown,
  cell: (row) => (
    <Tag look={row.active ? TAG_ON : TAG_OFF} data-testid={testId?.(row)}>
      {row.active ? on : off}
    </Tag>
  ),
});

/** The page's on/off labels from its messages. */
export const onOffLabels = (t: (key: 'shown' | 'on' | 'off') => string): OnOffLabels => ({
  shown: t('shown'),
  on: t('on'),
  off: t('off'),
});
