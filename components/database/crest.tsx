import { cn } from '@/lib/cn';
import { badgeStyle } from '@/lib/color';

const FILLER =
  /^(fc|afc|cf|sc|ac|as|ssc|rc|cd|ud|sv|vfb|vfl|tsg|fsv|1\.|og|ogc|rcd|ca|us|bsc|sk|kv|club|de|the)$/i;

/** Up to two letters for a badge: the first characters of a Chinese name, else the main words' initials. */
export function crestInitials(name: string) {
  if (/[\u4e00-\u9fff]/.test(name)) return name.replace(/\s+/g, '').slice(0, 2);
  const words = name.split(/[\s-]+/).filter((word) => word && !FILLER.test(word));
  const picked = words.length >= 2 ? [words[0]!, words[1]!] : [words[0] ?? name];
  return picked
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 2);
}

/** A generated team badge (initials on the team's colours): never a real crest (DESIGN §13). */
export function Crest({
  name,
  colors,
  size = 'sm',
  className,
}: {
  name: string;
  colors: [string, string];
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold leading-none',
        size === 'sm' && 'size-5 text-[9px]',
        size === 'md' && 'size-7 text-[11px]',
        size === 'lg' && 'size-14 text-lg',
        className,
      )}
      style={badgeStyle(colors)}
    >
      {crestInitials(name)}
    </span>
  );
}
