// Applies code-100 pushes to a cached board without a round trip: scores, clock, status. Rows that no
// longer belong to the tab leave it (a finished match leaves "live"); a match the board does not hold
// yet asks for a refetch, since a push carries only the live state, not the whole row.
import type { z } from 'zod';
import type { matchUpdateSchema } from '@/lib/realtime/events';
import type { Board, ScoreRow } from '@/lib/scores/board-schema';

export type MatchUpdate = z.infer<typeof matchUpdateSchema>;

const belongs = (tab: Board['tab'], status: ScoreRow['status']) =>
  tab === 'live'
    ? status === 'live'
    : tab === 'schedule'
      ? status === 'not_started'
      : tab === 'results'
        ? status === 'finished' || status === 'abnormal'
        : true;

export function patchBoard(board: Board, updates: MatchUpdate[]) {
  const byId = new Map(updates.map((update) => [update.match_id, update]));
  let changed = false;
  let refetch = false;
  const rows: ScoreRow[] = [];
  for (const row of board.rows) {
    const update = byId.get(row.id);
    byId.delete(row.id);
    if (!update) {
      rows.push(row);
      continue;
    }
    changed = true;
    const score: [number, number] | null =
      update.home_score === null || update.away_score === null
        ? row.score
        : [update.home_score, update.away_score];
    const next: ScoreRow = {
      ...row,
      status: update.status,
      period: update.period,
      minute: update.minute,
      score,
      // The score at the half-time whistle is the half-time score.
      halfTime: row.halfTime ?? (update.period === 'half_time' ? score : null),
    };
    if (belongs(board.tab, next.status)) rows.push(next);
    else refetch = true;
  }
  // Matches new to this tab (a kick-off on the live tab, a final whistle on today's results).
  for (const update of byId.values()) {
    if (board.tab !== 'favourites' && belongs(board.tab, update.status)) refetch = true;
  }
  return { board: changed ? { ...board, rows } : board, refetch, changed };
}

/** Matches whose score went up between two versions of a board: they flash for a moment. */
export function scoredIds(before: Board | undefined, after: Board) {
  if (!before) return [];
  const old = new Map(before.rows.map((row) => [row.id, row]));
  return after.rows
    .filter((row) => {
      const previous = old.get(row.id);
      return (
        previous?.score && row.score && (row.score[0] > previous.score[0] || row.score[1] > previous.score[1])
      );
    })
    .map((row) => row.id);
}

/** Cards shown since the last version of a board, for the red/yellow card alerts. */
export function newCards(before: Board | undefined, after: Board) {
  if (!before) return [];
  const old = new Map(before.rows.map((row) => [row.id, row]));
  const found: { row: ScoreRow; kind: 'red' | 'yellow'; side: 'home' | 'away' }[] = [];
  for (const row of after.rows) {
    const previous = old.get(row.id)?.cards;
    if (!previous || !row.cards) continue;
    for (const kind of ['red', 'yellow'] as const)
      (['home', 'away'] as const).forEach((side, index) => {
        if (row.cards![kind][index]! > previous[kind][index]!) found.push({ row, kind, side });
      });
  }
  return found;
}
