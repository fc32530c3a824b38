// A generated crest (initials on the team's generated colours): the portal never shows real club logos.
import { cn } from '@/lib/cn';
import { badgeStyle } from '@/lib/color';

const FILLER_WORDS = new Set([
  'FC',
  'CF',
  'AC',
  'SC',
  'AFC',
  'SV',
  'VFB',
  'VFL',
  'TSG',
  'RC',
  'OGC',
  'SS',
  'US',
  'CD',
  'UD',
  'RCD',
]);

/** Up to two letters for a Latin name, the first character for a CJK one. */
export function crestInitials(name: string) {
  const words = name.split(/[\s.-]+/).filter(Boolean);
  if (!words.length) return '?';
  if (/[\u3040-\u9fff]/.test(name)) return [...name.replace(/\s/g, '')].slice(0, 1).join('');
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word.toUpperCase()) && !/^\d+$/.test(word));
  const picked = meaningful.length ? meaningful : words;
  return (picked.length > 1 ? picked[0]![0]! + picked[1]![0]! : picked[0]!.slice(0, 2)).toUpperCase();
}

const SIZES = { sm: 'size-6 text-[10px]', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

export function MatchTeamBadge({
  name,
  colors,
  size = 'md',
}: {
  name: string;
  colors: [string, string];
  size?: keyof typeof SIZES;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold ring-1 ring-black/10',
        SIZES[size],
      )}
      // Colours are data (generated per team), not design tokens.
      style={badgeStyle(colors)}
    >
      {crestInitials(name)}
    </span>
  );
}
