// A titled card of plans (on sale, graded, an expert's history) on the expert pages, with the empty
// state that says what will appear.
import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { ZoneHint } from '@/components/ui/zone-hint';
import type { PlanView } from '@/lib/experts/plans';
import { PlanCard } from './plan-card';

export function PlanSection({
  id,
  title,
  plans,
  empty,
  testId,
}: {
  id: string;
  title: string;
  plans: PlanView[];
  empty: { title: string; hint: string };
  testId?: string;
}) {
  return (
    <section className="rounded-xl border border-line bg-surface" aria-labelledby={id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-4 py-3">
        <h2 id={id} className="font-semibold text-ink-900">
          {title}
        </h2>
        {plans.length ? <ZoneHint className="ml-auto" /> : null}
      </header>
      {plans.length ? (
        <ul className="divide-y divide-line" data-testid={testId}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      ) : (
        <div className="p-4">
          <EmptyState icon={FileText} title={empty.title} hint={empty.hint} />
        </div>
      )}
    </section>
  );
}
