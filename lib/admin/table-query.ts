// The console tables' state lives in the URL (a view can be shared and reloaded): `page`, `size`, `sort`,
// `dir` and one parameter per filter. A table declares what it accepts once (`defineTable`); the page
// parses its search params with it, the table's links and filters write them back, and the list route's
// zod input (`tableInput`) takes the same names, so the API and the page read one contract.
import { z } from 'zod';

export type SortDir = 'asc' | 'desc';

export type TableSpec<S extends string = string, F extends string = string> = {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir: SortDir;
  filters: readonly F[];
  pageSize: number;
};

export type TableQuery<S extends string = string, F extends string = string> = {
  page: number;
  pageSize: number;
  sort: S;
  dir: SortDir;
  filters: Partial<Record<F, string>>;
};

export const PAGE_SIZES = [20, 50, 100] as const;
const MAX_FILTER_LENGTH = 120;

export function defineTable<const S extends string, const F extends string>(spec: {
  sorts: readonly S[];
  defaultSort: NoInfer<S>;
  defaultDir?: SortDir;
  filters?: readonly F[];
  pageSize?: number;
}): TableSpec<S, F> {
  return {
    sorts: spec.sorts,
    defaultSort: spec.defaultSort,
    defaultDir: spec.defaultDir ?? 'desc',
    filters: spec.filters ?? [],
    pageSize: spec.pageSize ?? 50,
  };
}

type Params = Record<string, string | string[] | undefined> | URLSearchParams;
const one = (params: Params, key: string) => {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
};

/** Reads a table's state from search params; anything out of bounds falls back to the default. */
export function parseTableQuery<S extends string, F extends string>(
  spec: TableSpec<S, F>,
  params: Params,
): TableQuery<S, F> {
  const page = Number(one(params, 'page'));
  const size = Number(one(params, 'size'));
  const sort = one(params, 'sort');
  const dir = one(params, 'dir');
  const filters: Partial<Record<F, string>> = {};
  for (const key of spec.filters) {
    const value = one(params, key)?.trim();
    if (value) filters[key] = value.slice(0, MAX_FILTER_LENGTH);
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : spec.pageSize,
    sort: spec.sorts.includes(sort as S) ? (sort as S) : spec.defaultSort,
    dir: dir === 'asc' || dir === 'desc' ? dir : spec.defaultDir,
    filters,
  };
}

/** The search string (`?…`, or '' when everything is default) of a table state with `patch` applied. */
export function tableSearch<S extends string, F extends string>(
  spec: TableSpec<S, F>,
  query: TableQuery<S, F>,
  patch: Partial<Omit<TableQuery<S, F>, 'filters'>> & { filters?: Partial<Record<F, string>> } = {},
) {
  const next = { ...query, ...patch, filters: { ...query.filters, ...patch.filters } };
  const params = new URLSearchParams();
  for (const key of spec.filters) {
    const value = next.filters[key];
    if (value) params.set(key, value);
  }
  if (next.sort !== spec.defaultSort || next.dir !== spec.defaultDir) {
    params.set('sort', next.sort);
    params.set('dir', next.dir);
  }
  if (next.pageSize !== spec.pageSize) params.set('size', String(next.pageSize));
  if (next.page > 1) params.set('page', String(next.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The list route's input for a table: the same names and bounds as the page's URL. */
export const tableInput = <S extends string, F extends string>(spec: TableSpec<S, F>) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: 'size' })
      .default(spec.pageSize),
    sort: z.enum(spec.sorts as unknown as [S, ...S[]]).default(spec.defaultSort),
    dir: z.enum(['asc', 'desc']).default(spec.defaultDir),
  });

/** A list's page: the rows and how many match the filters in all. */
export type TablePage<Row> = { rows: Row[]; total: number };
