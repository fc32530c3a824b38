// How a pick reads: 主胜 / 平局 / 客胜, a team with its handicap (the away side's line is the home line's
// opposite), 大 2.5 / 小 2.5. `t` is the `experts` namespace's translator.
type Translate = (key: string, values?: Record<string, string | number>) => string;

const signed = (line: number) => (line > 0 ? `+${line}` : line === 0 ? '0' : String(line));

export function pickLabel(
  t: Translate,
  selection: { market: string; pick: string; line: number | null },
  teams: { home: string; away: string },
) {
  const kind = selection.market.split('_')[1];
  const line = selection.line ?? 0;
  if (kind === '1x2' || kind === 'moneyline') return t(`picks.${selection.pick}`);
  if (kind === 'handicap' || kind === 'spread')
    return `${selection.pick === 'home' ? teams.home : teams.away} ${signed(selection.pick === 'home' ? line : -line)}`;
  return t(`picks.${selection.pick}Line`, { line });
}
