// The source's round names ("Matchday 12", "Finals, Quarterfinals", "Round of 16") as catalog keys.
export type RoundLabel = { key: string; values?: Record<string, number> } | { raw: string };

export function roundLabel(round: string): RoundLabel {
  const matchday = /Matchday (\d+)$/.exec(round);
  if (matchday) {
    const n = Number(matchday[1]);
    if (round.startsWith('Playoffs')) return { key: 'playoffLeg', values: { n } };
    return { key: 'matchday', values: { n } };
  }
  const roundOf = /Round of (\d+)$/.exec(round);
  if (roundOf) return { key: 'roundOf', values: { n: Number(roundOf[1]) } };
  if (/Quarter-?finals?$/i.test(round)) return { key: 'quarterFinal' };
  if (/Semi-?finals?$/i.test(round)) return { key: 'semiFinal' };
  if (/third place/i.test(round)) return { key: 'thirdPlace' };
  if (/Final$/.test(round)) return { key: 'final' };
  if (/^Group stage$/i.test(round)) return { key: 'groupStage' };
  return { raw: round };
}

/** `Group C` → `C`, so the catalog can say 小组赛 C 组 / Group C / Bảng C. */
export function groupLetter(group: string) {
  return group.replace(/^Group\s+/i, '');
}

/** 45+2 for added time. */
export function minuteLabel(minute: number, offset: number | null) {
  return offset ? `${minute}+${offset}` : String(minute);
}
