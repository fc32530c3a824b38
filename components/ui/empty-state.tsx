import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What to show when a list is empty: what it is, and what the reader can do about it. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-line bg-surface px-6 py-12 text-center">
      <Icon aria-hidden className="size-10 text-ink-300" strokeWidth={1.5} />
      <p className="font-medium text-ink-900">{title}</p>
      {hint ? <p className="max-w-sm text-sm text-ink-500">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
