import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ZoneHint } from '@/components/ui/zone-hint';
import { cn } from '@/lib/cn';

/**
 * A titled block of the user centre; `aside` sits at the right of the title (a status, a link), and
 * `times` (the block lists times) says their zone there once.
 */
export function SectionCard({
  id,
  title,
  icon: Icon,
  aside,
  times = false,
  className,
  children,
}: {
  id?: string;
  title: string;
  icon: LucideIcon;
  aside?: ReactNode;
  times?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn('rounded-xl border border-line bg-surface', className)}
    >
      <header className="flex min-h-12 flex-wrap items-center gap-x-2 gap-y-1 border-b border-line px-4 py-2 sm:px-5">
        <Icon aria-hidden className="size-[18px] shrink-0 text-brand-500" strokeWidth={1.8} />
        <h2 id={id ? `${id}-title` : undefined} className="font-semibold text-ink-900">
          {title}
        </h2>
        {aside || times ? (
          <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
            {aside}
            {times ? <ZoneHint /> : null}
          </div>
        ) : null}
      </header>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

const TONES = {
  good: 'bg-win/10 text-win',
  bad: 'bg-live/10 text-live',
  waiting: 'bg-brand-50 text-brand-600',
  neutral: 'bg-canvas text-ink-500',
} as const;

export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={cn('inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium', TONES[tone])}>
      {children}
    </span>
  );
}
