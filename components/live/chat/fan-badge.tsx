// A fan-club member's badge beside their name in the anchor's room chat (and in the club's dialog,
// the anchor centre's preview, the user center): the club's name and the level in a circle, coloured
// by level band — green 1–5, blue 6–10, purple 11–15, rose 16–20 (`fanBandOf`).
import { cn } from '@/lib/cn';
import { fanBandOf } from '@/lib/fan-club/levels';

const BANDS: Record<number, { frame: string; level: string }> = {
  1: { frame: 'bg-emerald-50 text-emerald-800 ring-emerald-400', level: 'bg-emerald-700' },
  2: { frame: 'bg-sky-50 text-sky-800 ring-sky-400', level: 'bg-sky-700' },
  3: { frame: 'bg-violet-50 text-violet-800 ring-violet-400', level: 'bg-violet-600' },
  4: { frame: 'bg-rose-50 text-rose-800 ring-rose-400', level: 'bg-rose-600' },
};

export function FanBadge({ name, level, className }: { name: string; level: number; className?: string }) {
  const band = BANDS[fanBandOf(level)]!;
  return (
    <span
      data-testid="fan-badge"
      data-level={level}
      title={`${name} Lv${level}`}
      className={cn(
        'inline-flex h-4 items-center gap-0.5 rounded-full pr-1.5 align-[-2px] text-[10px] font-semibold whitespace-nowrap ring-1 ring-inset',
        band.frame,
        className,
      )}
    >
      <span
        className={cn(
          'grid h-4 min-w-4 place-items-center rounded-full px-0.5 text-[9px] leading-none text-white tabular-nums',
          band.level,
        )}
      >
        {level}
      </span>
      {name}
    </span>
  );
}
