// A card of the live room's right-hand column (previews, recommended videos): a titled section with an
// icon, and the two-line empty state those cards show when they have nothing yet.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function SidePanel({
  id,
  title,
  icon: Icon,
  testId,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-surface" data-testid={testId}>
      <h2 id={id} className="flex h-11 items-center gap-2 border-b border-line px-4 text-sm font-semibold">
        <Icon aria-hidden className="size-4 text-brand-500" />
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SidePanelEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="px-4 py-6 text-center">
      <p className="text-sm font-medium text-ink-700">{title}</p>
      <p className="mt-1 text-xs text-ink-500">{hint}</p>
    </div>
  );
}
