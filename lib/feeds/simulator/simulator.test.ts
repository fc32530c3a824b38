// Simulated football (the demo's league), basketball and e-sports: fictional teams, consistent scores, the same game every time.
import {
  SIMULATED_LEAGUES,
  simulatedAt,
  simulatedKey,
  simulatedLeagueBatch,
  simulatedSchedule,
  simulatedSpeed,
} from './simulator';

const kickoff = new Date('2026-11-22T12:00:00Z');
const at = (minutes: number) => new Date(kickoff.getTime() + minutes * 60_000);

describe('basketball simulator', () => {
  const [home, away] = SIMULATED_LEAGUES.basketball.teams;

  it('plays four quarters with score runs to a result that is never level', () => {
    const end = simulatedAt('basketball', home, away, kickoff, at(300), 1);
    expect(end).toMatchObject({ status: 'finished', period: 'finished', source: 'simulated' });
    const [homePoints, awayPoints] = end.score!.fullTime;
    expect(homePoints).not.toBe(awayPoints);
    expect(homePoints).toBeGreaterThan(50);
    expect(end.score!.periods!.length).toBeGreaterThanOrEqual(4);
    const sum = end.score!.periods!.reduce(
      (total, period) => [total[0] + period[0], total[1] + period[1]],
      [0, 0],
    );
    expect(sum).toEqual([homePoints, awayPoints]);
    expect(end.events!.every((event) => event.generated)).toBe(true);
  });

  it('is live in the second quarter and the same on every call', () => {
    const live = simulatedAt('basketball', home, away, kickoff, at(20), 1);
    expect(live).toMatchObject({ status: 'live', period: 'q2', minute: 18 });
    expect(live).toEqual(simulatedAt('basketball', home, away, kickoff, at(20), 1));
    expect(simulatedAt('basketball', home, away, kickoff, at(-1), 1).status).toBe('not_started');
  });
});

describe('football simulator (the demo league)', () => {
  const [home, away] = SIMULATED_LEAGUES.football.teams;

  it('plays two halves to a score its generated goals add up to, the same on every call', () => {
    const end = simulatedAt('football', home, away, kickoff, at(200), 1);
    expect(end).toMatchObject({ status: 'finished', source: 'simulated', competitionCode: 'sim.football' });
    expect(end.replayOf).toBeUndefined();
    const goals = end.events!.filter((event) => event.kind === 'goal');
    expect(goals.filter((goal) => goal.side === 'home').length).toBe(end.score!.fullTime[0]);
    expect(goals.filter((goal) => goal.side === 'away').length).toBe(end.score!.fullTime[1]);
    expect(end.events!.every((event) => event.generated)).toBe(true);
    expect(end).toEqual(simulatedAt('football', home, away, kickoff, at(200), 1));
    const live = simulatedAt('football', home, away, kickoff, at(20), 1);
    expect(live).toMatchObject({ status: 'live', period: 'first_half', minute: 21 });
    expect(simulatedAt('football', home, away, kickoff, at(-1), 1).status).toBe('not_started');
  });

  it('reads its key and speed back from the stored row', () => {
    const game = simulatedAt('football', home, away, kickoff, at(-1), 15);
    expect(simulatedKey(game.externalId)).toEqual({ sport: 'football', kickoffAt: kickoff, home, away });
    expect(simulatedSpeed(game.externalId, kickoff, game.expectedEndAt!)).toBeCloseTo(15, 3);
  });
});

describe('e-sports simulator', () => {
  it('plays a best of three', () => {
    const [home, away] = SIMULATED_LEAGUES.esports.teams;
    const end = simulatedAt('esports', home, away, kickoff, at(300), 1);
    expect(Math.max(...end.score!.fullTime)).toBe(2);
    expect(end.score!.periods!.length).toBe(end.score!.fullTime[0] + end.score!.fullTime[1]);
  });
});

describe('fictional leagues', () => {
  it('marks teams as simulated and schedules distinct opponents', () => {
    const batch = simulatedLeagueBatch('basketball', 2026);
    expect(batch.teams!.every((team) => team.simulated)).toBe(true);
    const games = simulatedSchedule('esports', new Date('2026-11-22T10:00:00Z'), 10);
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((game) => game.home !== game.away)).toBe(true);
  });
});
