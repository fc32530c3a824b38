// Pushes patched into a cached board: what changes, what leaves the tab, when to refetch.
import type { Board, ScoreRow } from '@/lib/scores/board-schema';
import { type MatchUpdate, newCards, patchBoard, scoredIds } from './board-patch';

const row = (id: number, overrides: Partial<ScoreRow> = {}): ScoreRow => ({
  id,
  sport: 'football',
  competitionCode: 'worldcup',
  competitionName: '世界杯',
  region: 'world',
  seasonKey: '2022',
  round: 'Final',
  kickoffAt: '2026-11-22T00:00:00.000Z',
  kickoffTimeKnown: true,
  status: 'live',
  statusNote: null,
  period: 'first_half',
  minute: 44,
  home: { id: 1, name: '阿根廷', colors: ['#75aadb', '#ffffff'] },
  away: { id: 2, name: '法国', colors: ['#002395', '#ffffff'] },
  score: [1, 0],
  halfTime: null,
  penalties: null,
  periods: null,
  cards: { yellow: [0, 0], red: [0, 0], generated: true },
  corners: null,
  odds: null,
  source: 'replay',
  replayOfDate: '2022-12-18',
  simulated: false,
  favourite: false,
  ...overrides,
});

const board = (tab: Board['tab'], rows: ScoreRow[]): Board => ({
  sport: 'football',
  tab,
  day: '2026-11-22',
  timeZone: 'UTC',
  competitions: [],
  regions: [],
  rows,
  signInNeeded: false,
  liveCount: 1,
  next: null,
});

const update = (id: number, overrides: Partial<MatchUpdate> = {}): MatchUpdate => ({
  match_id: id,
  status: 'live',
  period: 'first_half',
  minute: 45,
  home_score: 2,
  away_score: 0,
  source: 'replay',
  replay_of_date: '2022-12-18',
  ...overrides,
});

describe('patchBoard', () => {
  it('moves the clock and the score, and keeps the half-time score at the whistle', () => {
    const live = board('live', [row(1), row(2)]);
    const first = patchBoard(live, [update(1)]);
    expect(first.changed).toBe(true);
    expect(first.refetch).toBe(false);
    expect(first.board.rows[0]).toMatchObject({ minute: 45, score: [2, 0], halfTime: null });
    expect(first.board.rows[1]).toBe(live.rows[1]);
    const half = patchBoard(first.board, [update(1, { period: 'half_time', minute: null })]);
    expect(half.board.rows[0]).toMatchObject({ period: 'half_time', halfTime: [2, 0] });
  });

  it('takes a finished match off the live tab and asks for the results again', () => {
    const patched = patchBoard(board('live', [row(1)]), [update(1, { status: 'finished', minute: null })]);
    expect(patched.board.rows).toEqual([]);
    expect(patched.refetch).toBe(true);
  });

  it('refetches for a kick-off it does not hold, and ignores matches of other tabs', () => {
    expect(patchBoard(board('live', []), [update(9)]).refetch).toBe(true);
    expect(patchBoard(board('results', []), [update(9)]).refetch).toBe(false);
    const untouched = board('favourites', [row(1)]);
    expect(patchBoard(untouched, [update(9)]).board).toBe(untouched);
  });
});

describe('goal flashes and card alerts', () => {
  it('finds rows whose score went up and cards that were shown', () => {
    const before = board('live', [row(1), row(2)]);
    const after = board('live', [
      row(1, { score: [2, 0] }),
      row(2, { cards: { yellow: [0, 1], red: [1, 0], generated: true } }),
    ]);
    expect(scoredIds(before, after)).toEqual([1]);
    expect(newCards(before, after).map((card) => [card.row.id, card.kind, card.side])).toEqual([
      [2, 'red', 'home'],
      [2, 'yellow', 'away'],
    ]);
    expect(scoredIds(undefined, after)).toEqual([]);
  });
});
