'use client';
// Bulk selection of a console table: the checkboxes of the rows shown and the bar of bulk actions. A bulk
// action is a client component placed in the table's `bulkActions` that reads `useTableSelection()` (the
// ids picked, and `clear()` once done); the selection is of the page shown and ends when the page changes.
// Rows an action has settled (a decided review item) leave the table at once (`useSettleRows`), before the
// page's refresh brings the next ones and the counts.
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';

type Selection = {
  ids: readonly string[];
  selected: readonly string[];
  settled: ReadonlySet<string>;
  toggle: (id: string) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
  settle: (ids: readonly string[]) => void;
};

const SelectionContext = createContext<Selection | null>(null);

export function TableSelectionProvider({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(',');
  // Another page, filter or a refresh after an action: the rows changed, so does the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`
  useEffect(() => {
    setPicked(new Set());
    setSettled(new Set());
  }, [key]);
  const value = useMemo<Selection>(() => {
    const shown = ids.filter((id) => !settled.has(id));
    return {
      ids: shown,
      selected: shown.filter((id) => picked.has(id)),
      settled,
      toggle: (id) =>
        setPicked((before) => {
          const next = new Set(before);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      setAll: (on) => setPicked(on ? new Set(shown) : new Set()),
      clear: () => setPicked(new Set()),
      settle: (done) => setSettled((before) => new Set([...before, ...done])),
    };
  }, [ids, picked, settled]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The ids picked in the table around the caller, and `clear()`. */
export function useTableSelection() {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('useTableSelection outside a DataTable with bulkActions');
  return { selected: selection.selected, clear: selection.clear };
}

/** Hides rows an action has settled; a no-op outside a table with bulk selection. */
export function useSettleRows() {
  const selection = useContext(SelectionContext);
  return (ids: readonly (string | number)[]) => selection?.settle(ids.map(String));
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
      // The row hides itself by this mark (DataTable's `has-[[data-row-settled]]:hidden`).
      data-row-settled={selection.settled.has(id) ? '' : undefined}
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
