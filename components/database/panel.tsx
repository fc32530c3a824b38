import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled white box, the unit of the databases' dense layouts. */
export function Panel({
  title,
  aside,
  children,
  className,
  id,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('overflow-hidden rounded-lg border border-line bg-surface', className)}
    >
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line px-3 py-2">
        <h2 id={id} className="text-sm font-semibold text-ink-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A link styled as a small tab or chip; `active` marks the current choice. */
export const chipClass = (active: boolean) =>
  cn(
    'inline-flex h-7 items-center rounded-md px-2.5 text-xs font-medium transition-colors',
    active ? 'bg-brand-500 text-white' : 'bg-canvas text-ink-700 hover:text-brand-600',
  );
