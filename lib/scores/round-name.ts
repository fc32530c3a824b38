// Round names as the sources write them (`Matchday 5`, `Finals, Round of 16`, `Quarter-finals`),
// turned into catalog keys of the `database.rounds` namespace; anything unknown is shown as published.
type Translate = (key: string, values?: Record<string, string | number>) => string;

const NAMED: [RegExp, string][] = [
  [/^(finals, )?round of 32$/i, 'roundOf32'],
  [/^(finals, )?round of 16$/i, 'roundOf16'],
  [/^(finals, )?quarter-?finals?$/i, 'quarterFinal'],
  [/^(finals, )?semi-?finals?$/i, 'semiFinal'],
  [/^match for third place$/i, 'thirdPlace'],
  [/^(finals, )?final$/i, 'final'],
  [/^regular season$/i, 'regularSeason'],
  [/^group stage$/i, 'groupStage'],
];

export function roundName(round: string, t: Translate) {
  const matchday = /^(?:(League|Playoffs), )?Matchday (\d+)$/i.exec(round);
  if (matchday) {
    const phase = matchday[1]?.toLowerCase();
    const key = phase === 'playoffs' ? 'playoffRound' : phase === 'league' ? 'leagueRound' : 'matchday';
    return t(`rounds.${key}`, { n: Number(matchday[2]) });
  }
  const named = NAMED.find(([pattern]) => pattern.test(round));
  return named ? t(`rounds.${named[1]}`) : round;
}

/** `Group C` → `C`, for the localized `group` label. */
export function groupLetter(group: string) {
  return group.replace(/^group\s+/i, '');
}
