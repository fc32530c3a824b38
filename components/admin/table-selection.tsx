'use client';
// Bulk selection of a console table: the checkboxes of the rows shown and the bar of bulk actions. A bulk
// action is a client component placed in the table's `bulkActions` that reads `useTableSelection()` (the
// ids picked, and `clear()` once done); the selection is of the page shown and ends when the page changes.
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';

type Selection = {
  ids: readonly string[];
  selected: readonly string[];
  toggle: (id: string) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
};

const SelectionContext = createContext<Selection | null>(null);

export function TableSelectionProvider({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(',');
  // Another page, filter or a refresh after an action: the rows changed, so does the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => setPicked(new Set()), [key]);
  const value = useMemo<Selection>(
    () => ({
      ids,
      selected: ids.filter((id) => picked.has(id)),
      toggle: (id) =>
        setPicked((before) => {
          const next = new Set(before);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      setAll: (on) => setPicked(on ? new Set(ids) : new Set()),
      clear: () => setPicked(new Set()),
    }),
    [ids, picked],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The ids picked in the table around the caller, and `clear()`. */
export function useTableSelection() {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('useTableSelection outside a DataTable with bulkActions');
  return { selected: selection.selected, clear: selection.clear };
}

const BOX = 'size-4 cursor-pointer rounded border-line accent-brand-500 align-middle';

export function SelectAllCheckbox() {
  const t = useTranslations('admin.shell.table');
  const selection = useContext(SelectionContext)!;
  const all = selection.ids.length > 0 && selection.selected.length === selection.ids.length;
  const some = selection.selected.length > 0 && !all;
  return (
    <input
      type="checkbox"
      className={BOX}
      aria-label={t('selectAll')}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = some;
      }}
      onChange={(event) => selection.setAll(event.target.checked)}
      data-testid="table-select-all"
    />
  );
}

export function RowCheckbox({ id, label }: { id: string; label: string }) {
  const selection = useContext(SelectionContext)!;
  return (
    <input
      type="checkbox"
      className={BOX}
      aria-label={label}
      checked={selection.selected.includes(id)}
      onChange={() => selection.toggle(id)}
      data-testid="table-select-row"
    />
  );
}

/** The bar above the table: how many rows are picked and the bulk actions (shown once one is picked). */
export function BulkBar({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.shell.table');
  const selection = useContext(SelectionContext)!;
  const count = selection.selected.length;
  return (
    <div
      className="flex h-11 items-center gap-3 border-b border-line bg-brand-50/60 px-3 text-sm"
      hidden={count === 0}
      data-testid="table-bulk-bar"
    >
      <span className="font-medium text-ink-900 tabular-nums">{t('selected', { count })}</span>
      <div className="flex items-center gap-2">{children}</div>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={selection.clear}>
        {t('clearSelection')}
      </Button>
    </div>
  );
}
