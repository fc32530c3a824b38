// League and group tables computed from results, with each competition's tie-breakers and the points
// adjustments (deductions) its authority imposed. Pure: the service feeds it rows from the database.

export type TieBreaker =
  | 'points'
  | 'goal_difference'
  | 'goals_for'
  | 'wins'
  | 'away_goals_for'
  | 'h2h_points'
  | 'h2h_goal_difference'
  | 'h2h_goals_for';

export type TableRules = { tieBreakers: TieBreaker[]; pointsForWin: number; pointsForDraw: number };

const OVERALL_FIRST: TieBreaker[] = [
  'points',
  'goal_difference',
  'goals_for',
  'h2h_points',
  'h2h_goal_difference',
  'h2h_goals_for',
];
const HEAD_TO_HEAD_FIRST: TieBreaker[] = [
  'points',
  'h2h_points',
  'h2h_goal_difference',
  'goal_difference',
  'goals_for',
];

/**
 * Tie-breakers as the competitions' regulations state them (drawing of lots and play-offs are not
 * modelled; teams still level after every criterion are listed by name).
 * - Premier League: points, goal difference, goals scored, then head-to-head.
 * - Bundesliga: points, goal difference, goals scored, head-to-head, away goals scored.
 * - La Liga, Serie A, Chinese Super League: points, then head-to-head among the tied teams first.
 * - World Cup groups: points, goal difference, goals scored, then the same among the tied teams.
 */
export function tableRules(competitionCode: string): TableRules {
  const points = { pointsForWin: 3, pointsForDraw: 1 };
  switch (competitionCode) {
    case 'de.1':
      return { ...points, tieBreakers: [...OVERALL_FIRST, 'away_goals_for'] };
    case 'es.1':
    case 'it.1':
    case 'cn.1':
      return { ...points, tieBreakers: HEAD_TO_HEAD_FIRST };
    default:
      return { ...points, tieBreakers: OVERALL_FIRST };
  }
}

export type Result = {
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
  /** Orders the form column. */
  kickoffAt: Date;
};

export type Adjustment = { teamId: number; points: number; reason: string };

export type FormLetter = 'W' | 'D' | 'L';

export type TableRow = {
  position: number;
  teamId: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** Sum of the adjustments included in `points`. */
  adjustment: number;
  /** Last five results, oldest first. */
  form: FormLetter[];
};

type Line = Omit<TableRow, 'position'> & {
  awayGoalsFor: number;
  results: { at: Date; letter: FormLetter }[];
};

function emptyLine(teamId: number): Line {
  return {
    teamId,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    goalDifference: 0,
    points: 0,
    adjustment: 0,
    form: [],
    awayGoalsFor: 0,
    results: [],
  };
}

function tally(teamIds: Iterable<number>, results: Result[], rules: TableRules) {
  const lines = new Map<number, Line>();
  for (const id of teamIds) lines.set(id, emptyLine(id));
  for (const result of results) {
    const home = lines.get(result.homeTeamId);
    const away = lines.get(result.awayTeamId);
    if (!home || !away) continue;
    const sides: [Line, number, number, boolean][] = [
      [home, result.homeGoals, result.awayGoals, false],
      [away, result.awayGoals, result.homeGoals, true],
    ];
    for (const [line, scored, conceded, isAway] of sides) {
      line.played += 1;
      line.goalsFor += scored;
      line.goalsAgainst += conceded;
      if (isAway) line.awayGoalsFor += scored;
      const letter: FormLetter = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
      if (letter === 'W') line.won += 1;
      else if (letter === 'D') line.drawn += 1;
      else line.lost += 1;
      line.results.push({ at: result.kickoffAt, letter });
    }
  }
  for (const line of lines.values()) {
    line.goalDifference = line.goalsFor - line.goalsAgainst;
    line.points = line.won * rules.pointsForWin + line.drawn * rules.pointsForDraw;
  }
  return lines;
}

/** Orders `group` by the criteria, splitting ties and re-applying head-to-head within each tied subset. */
function rank(
  group: Line[],
  criteria: TieBreaker[],
  results: Result[],
  rules: TableRules,
  names: (id: number) => string,
): Line[] {
  if (group.length <= 1) return group;
  const [criterion, ...rest] = criteria;
  if (!criterion) return [...group].sort((a, b) => names(a.teamId).localeCompare(names(b.teamId)));
  let value: (line: Line) => number;
  if (criterion.startsWith('h2h_')) {
    const ids = new Set(group.map((line) => line.teamId));
    const mini = tally(
      ids,
      results.filter((result) => ids.has(result.homeTeamId) && ids.has(result.awayTeamId)),
      rules,
    );
    const pick = {
      h2h_points: (line: Line) => line.points,
      h2h_goal_difference: (line: Line) => line.goalDifference,
      h2h_goals_for: (line: Line) => line.goalsFor,
    }[criterion as 'h2h_points'];
    value = (line) => pick(mini.get(line.teamId)!);
  } else {
    value = {
      points: (line: Line) => line.points,
      goal_difference: (line: Line) => line.goalDifference,
      goals_for: (line: Line) => line.goalsFor,
      wins: (line: Line) => line.won,
      away_goals_for: (line: Line) => line.awayGoalsFor,
    }[criterion as 'points'];
  }
  const buckets = new Map<number, Line[]>();
  for (const line of group) buckets.set(value(line), [...(buckets.get(value(line)) ?? []), line]);
  const ordered = [...buckets.entries()].sort((a, b) => b[0] - a[0]);
  // A criterion that separates nobody passes the whole group on; head-to-head among a smaller tied
  // subset is then computed afresh for that subset.
  return ordered.flatMap(([, lines]) => rank(lines, rest, results, rules, names));
}

export function computeTable(input: {
  teamIds: number[];
  results: Result[];
  adjustments?: Adjustment[];
  rules: TableRules;
  /** Final fallback order when every criterion leaves teams level. */
  teamName?: (teamId: number) => string;
}): TableRow[] {
  const { results, rules } = input;
  const lines = tally(input.teamIds, results, rules);
  for (const adjustment of input.adjustments ?? []) {
    const line = lines.get(adjustment.teamId);
    if (!line) continue;
    line.points += adjustment.points;
    line.adjustment += adjustment.points;
  }
  const names = input.teamName ?? ((id: number) => String(id).padStart(12, '0'));
  const ordered = rank([...lines.values()], rules.tieBreakers, results, rules, names);
  return ordered.map(({ awayGoalsFor: _away, results: played, ...line }, index) => ({
    ...line,
    position: index + 1,
    form: [...played]
      .sort((a, b) => +a.at - +b.at)
      .slice(-5)
      .map((entry) => entry.letter),
  }));
}
