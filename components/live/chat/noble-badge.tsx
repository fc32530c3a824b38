// A noble's badge beside their name in room chat and lists: a crown in the tier's colour and its name.
import { Crown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { tierOf } from '@/lib/nobility/tiers';

/** Knight → duke: from calm silver-blue to deep gold. */
export const NOBLE_COLOURS: Record<number, string> = {
  1: 'bg-sky-100 text-sky-800 ring-sky-300',
  2: 'bg-emerald-100 text-emerald-800 ring-emerald-300',
  3: 'bg-violet-100 text-violet-800 ring-violet-300',
  4: 'bg-rose-100 text-rose-800 ring-rose-300',
  5: 'bg-amber-100 text-amber-900 ring-amber-400',
};

export function NobleBadge({ tier, className }: { tier: number; className?: string }) {
  const t = useTranslations('chat');
  const entry = tierOf(tier);
  if (!entry) return null;
  return (
    <span
      data-testid="noble-badge"
      className={cn(
        'inline-flex h-4 items-center gap-0.5 rounded px-1 align-[-2px] text-[10px] font-semibold ring-1 ring-inset',
        NOBLE_COLOURS[tier],
        className,
      )}
    >
      <Crown aria-hidden className="size-2.5" />
      {t(`nobles.${entry.code}`)}
    </span>
  );
}
