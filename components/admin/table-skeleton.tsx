// A console table while its rows load (the fallback of the page's `<Suspense>` around its table): the same
// filter bar, header, 44 px rows and pager as `DataTable`, so nothing moves when the rows arrive.
import { Skeleton } from '@/components/ui/skeleton';

export function TableSkeleton({
  rows = 10,
  columns = 5,
  filters = true,
}: {
  rows?: number;
  columns?: number;
  filters?: boolean;
}) {
  const cells = Array.from({ length: columns }, (_, index) => index);
  return (
    <div className="rounded-lg border border-line bg-surface" aria-busy data-testid="table-skeleton">
      {filters ? (
        <div className="flex min-h-14 items-end gap-2 border-b border-line px-3 py-2.5">
          {[0, 1, 2].map((field) => (
            <Skeleton key={field} className="h-8 w-40" />
          ))}
        </div>
      ) : null}
      <div className="flex h-10 items-center gap-6 border-b border-line bg-canvas/60 px-3">
        {cells.map((cell) => (
          <Skeleton key={cell} className="h-3 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have nothing else to key on
        <div key={row} className="flex h-11 items-center gap-6 border-b border-line px-3 last:border-b-0">
          {cells.map((cell) => (
            <Skeleton key={cell} className="h-3.5 flex-1" />
          ))}
        </div>
      ))}
      <div className="flex h-12 items-center justify-between border-t border-line px-3">
        <Skeleton className="h-3 w-32" />
        <Skeleton className="h-8 w-40" />
      </div>
    </div>
  );
}
