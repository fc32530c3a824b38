// The replay of the 2022 final: real goals at their real minutes, generated facts marked, same every time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultOpenfootballDir } from '@/lib/feeds/openfootball/import';
import { parseOpenfootballFile } from '@/lib/feeds/openfootball/parse';
import type { MatchInfo } from '@/lib/feeds/provider';
import { isReplayable, type RecordedMatch, replayAt, replaySchedule } from './replay';

function recorded(): RecordedMatch[] {
  const file = path.join(defaultOpenfootballDir(), 'worldcup-2022/worldcup.json');
  const batch = parseOpenfootballFile(file, JSON.parse(readFileSync(file, 'utf8')));
  return (batch.matches ?? []).map((match: MatchInfo) => ({
    source: match.source,
    externalId: match.externalId,
    competitionCode: match.competitionCode,
    seasonKey: match.seasonKey,
    round: match.round,
    group: match.group ?? null,
    homeTeam: match.homeTeam,
    awayTeam: match.awayTeam,
    ground: match.ground ?? null,
    playedOn: match.kickoffAt.toISOString().slice(0, 10),
    fullTime: match.score!.fullTime,
    halfTime: match.score!.halfTime ?? null,
    extraTime: match.score!.extraTime ?? null,
    penalties: match.score!.penalties ?? null,
    goals: (match.events ?? []).map((event) => ({
      minute: event.minute,
      offset: event.offset ?? null,
      side: event.side,
      kind: event.kind,
      playerName: event.playerName ?? null,
    })),
  }));
}

const matches = recorded();
const final = matches.find((match) => match.round === 'Final')!;
const kickoff = new Date('2026-11-22T12:00:00Z');
const at = (minutes: number, speed = 1) => new Date(kickoff.getTime() + (minutes * 60_000) / speed);

describe('replay feed', () => {
  it('plays only matches whose goal list adds up to the result', () => {
    expect(isReplayable(final)).toBe(true);
    expect(matches.filter(isReplayable).length).toBeGreaterThan(50);
  });

  it('waits for kick-off, then shows the real goals at their real minutes', () => {
    expect(replayAt(final, kickoff, at(-5), 1)).toMatchObject({ status: 'not_started', score: null });
    const early = replayAt(final, kickoff, at(22), 1);
    expect(early).toMatchObject({ status: 'live', period: 'first_half', minute: 23 });
    expect(early.score!.fullTime).toEqual([0, 0]);
    const afterPenalty = replayAt(final, kickoff, at(23), 1);
    expect(afterPenalty.score!.fullTime).toEqual([1, 0]);
    expect(afterPenalty.events!.filter((event) => !event.generated)).toEqual([
      {
        kind: 'penalty_goal',
        minute: 23,
        offset: null,
        side: 'home',
        playerName: 'Lionel Messi',
        generated: false,
      },
    ]);
  });

  it('stops for half-time with the real half-time score, then plays the second half', () => {
    const halfTime = replayAt(final, kickoff, at(55), 1);
    expect(halfTime).toMatchObject({ period: 'half_time', minute: 45 });
    expect(halfTime.score).toMatchObject({ fullTime: [2, 0], halfTime: [2, 0] });
    // The second half starts after 45 + 2 added minutes (no goal in first-half added time) + 15.
    const secondHalfStart = 45 + 2 + 15;
    const afterMbappe = replayAt(final, kickoff, at(secondHalfStart + (81 - 45)), 1);
    expect(afterMbappe.score!.fullTime).toEqual([2, 2]);
    expect(afterMbappe.period).toBe('second_half');
  });

  it('ends with the real result after extra time and penalties', () => {
    const end = replayAt(final, kickoff, at(400), 1);
    expect(end).toMatchObject({ status: 'finished', period: 'finished', minute: null });
    expect(end.score).toEqual({ fullTime: [2, 2], halfTime: [2, 0], extraTime: [3, 3], penalties: [4, 2] });
    expect(end.events!.filter((event) => !event.generated).map((event) => event.playerName)).toEqual([
      'Lionel Messi',
      'Ángel Di María',
      'Kylian Mbappé',
      'Kylian Mbappé',
      'Lionel Messi',
      'Kylian Mbappé',
    ]);
  });

  it('says what it replays and marks every made-up fact as generated', () => {
    const end = replayAt(final, kickoff, at(400), 1);
    expect(end.source).toBe('replay');
    expect(end.replayOf).toEqual({
      source: 'openfootball',
      externalId: final.externalId,
      date: '2022-12-18',
    });
    expect(
      end
        .events!.filter((event) => event.generated)
        .every((event) => ['corner', 'yellow_card', 'red_card'].includes(event.kind)),
    ).toBe(true);
    expect(end.statistics!.every((statistic) => statistic.generated)).toBe(true);
    expect(end.odds!.every((odds) => odds.generated && odds.home > 1000)).toBe(true);
  });

  it('is deterministic and runs faster with the clock speed', () => {
    expect(replayAt(final, kickoff, at(70), 1)).toEqual(replayAt(final, kickoff, at(70), 1));
    expect(replayAt(final, kickoff, at(23, 30), 30).score!.fullTime).toEqual([1, 0]);
  });

  it('schedules today’s replays the same way every time, with one live now', () => {
    const now = new Date('2026-11-22T15:10:00Z');
    const schedule = replaySchedule(matches.filter(isReplayable), now, 20);
    expect(schedule).toEqual(replaySchedule(matches.filter(isReplayable), now, 20));
    expect(schedule.every((slot) => slot.kickoffAt.toISOString().startsWith('2026-11-22'))).toBe(true);
    const live = schedule.filter((slot) => replayAt(slot.match, slot.kickoffAt, now, 20).status === 'live');
    expect(live.length).toBeGreaterThan(0);
  });
});
