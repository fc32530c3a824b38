// A plan's grade (红 / 黑 / 走水 / 赢半 / 输半 / 无效) or its state before the grade.
import { cn } from '@/lib/cn';

const TONE: Record<string, string> = {
  won: 'bg-live text-white',
  half_won: 'bg-live/80 text-white',
  lost: 'bg-ink-700 text-white',
  half_lost: 'bg-ink-500 text-white',
  push: 'bg-canvas text-ink-700 border border-line',
  void: 'bg-canvas text-ink-500 border border-line',
  voided: 'bg-canvas text-ink-500 border border-line',
  open: 'bg-brand-50 text-brand-600 border border-brand-200',
};

export function GradeBadge({ grade, label }: { grade: string; label: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 shrink-0 items-center rounded px-2 text-xs font-semibold',
        TONE[grade] ?? TONE.open,
      )}
      data-testid="plan-grade"
      data-grade={grade}
    >
      {label}
    </span>
  );
}
