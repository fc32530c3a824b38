// A generated team badge: initials on the team's generated colours (never a real crest).
import { badgeStyle } from '@/lib/color';

const SKIP = new Set(['FC', 'AFC', 'CF', 'SC', 'AC', 'SV', 'FK', 'CD', 'RC', 'VFB', 'VFL', 'TSG', '1.']);

export function initialsOf(name: string) {
  // CJK names: the first character reads as the badge (利物浦 → 利).
  if (/^[\u3400-\u9fff]/.test(name)) return name.slice(0, 1);
  const words = name.split(/[\s-]+/).filter((word) => word && !SKIP.has(word.toUpperCase()));
  const letters = words.map((word) => word.replace(/[^\p{L}\d]/gu, '').slice(0, 1));
  return (letters.length > 1 ? letters.slice(0, 2).join('') : (words[0] ?? name).slice(0, 2)).toUpperCase();
}

export function Crest({
  name,
  colors,
  size = 20,
}: {
  name: string;
  colors: [string, string];
  size?: number;
}) {
  return (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold leading-none"
      style={{
        ...badgeStyle(colors),
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
      }}
    >
      {initialsOf(name)}
    </span>
  );
}
