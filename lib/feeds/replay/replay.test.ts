// The replay of the 2022 final: real goals at their real minutes, generated facts marked, same every time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultOpenfootballDir } from '@/lib/feeds/openfootball/import';
import { parseOpenfootballFile } from '@/lib/feeds/openfootball/parse';
import type { MatchInfo } from '@/lib/feeds/provider';
import {
  isReplayable,
  type RecordedMatch,
  replayAt,
  replayEndsAt,
  replayLength,
  replaySchedule,
} from './replay';

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

describe('the programme’s edge (issue 17)', () => {
  const replayable = matches.filter(isReplayable);
  const longest = replayable.reduce((a, b) => (replayLength(b) > replayLength(a) ? b : a));
  const TICK_MS = 5000;

  /** The first slot from 2026-11-22 on that plays `match` at `speed`. */
  function slotOf(match: RecordedMatch, speed: number) {
    for (let now = Date.parse('2026-11-22T00:00:00Z'); ; now += 60 * 60_000) {
      const slot = replaySchedule(replayable, new Date(now), speed).find((entry) => entry.match === match);
      if (slot) return slot;
    }
  }

  it('is the 2022 quarter-final Netherlands–Argentina, whose final whistle fell on the old edge', () => {
    expect(`${longest.homeTeam}–${longest.awayTeam}`).toBe('Netherlands–Argentina');
    expect(replayLength(longest)).toBe(165);
  });

  it.each([1, 15, 60])('keeps the longest replay until a tick sees it finished (speed %i)', (speed) => {
    const { kickoffAt } = slotOf(longest, speed);
    const end = replayEndsAt(longest, kickoffAt, speed);
    const scheduled = (now: Date) =>
      replaySchedule(replayable, now, speed).some(
        (slot) => slot.match === longest && +slot.kickoffAt === +kickoffAt,
      );
    // Its final update falls exactly on the edge of the old window (kick-off + the longest replay).
    expect(+end - +kickoffAt).toBe(Math.ceil((165 / speed) * 60_000));
    const justBefore = new Date(+end - 1);
    expect(replayAt(longest, kickoffAt, justBefore, speed)).toMatchObject({
      status: 'live',
      period: 'penalties',
      minute: 120,
      score: { extraTime: [2, 2], penalties: null },
    });
    // The edge itself and every tick after it, up to the margin, still schedule it: finished, 2–2, 3–4 pens.
    for (const now of [end, new Date(+end + 1), new Date(+end + TICK_MS), new Date(+end + 9 * 60_000)]) {
      expect(scheduled(now)).toBe(true);
      expect(replayAt(longest, kickoffAt, now, speed)).toMatchObject({
        status: 'finished',
        period: 'finished',
        minute: null,
        score: { fullTime: [2, 2], extraTime: [2, 2], penalties: [3, 4] },
      });
    }
    // Where the old window stopped: one tick past the whistle the slot had already gone.
    expect(+end + TICK_MS > +kickoffAt + replayLength(longest) * (60_000 / speed)).toBe(true);
  });

  it.each([1, 15, 60])(
    'shows every slot finished at the last 5-second tick that lists it (speed %i)',
    (speed) => {
      const lastSeen = new Map<string, { slot: ReturnType<typeof replaySchedule>[number]; at: Date }>();
      // The shoot-outs of 2022 (the longest replays, Netherlands–Argentina among them), ticked at an odd
      // offset across midnight UTC.
      const shootOuts = replayable.filter((match) => match.penalties);
      const from = Date.parse('2026-11-22T18:00:03.217Z');
      const hours = speed === 1 ? 12 : 4;
      for (let now = from; now < from + hours * 3600_000; now += TICK_MS) {
        for (const slot of replaySchedule(shootOuts, new Date(now), speed))
          lastSeen.set(`${slot.kickoffAt.toISOString()}|${slot.match.externalId}`, {
            slot,
            at: new Date(now),
          });
      }
      const gone = [...lastSeen.values()].filter(({ at }) => +at < from + hours * 3600_000 - TICK_MS);
      expect(gone.some(({ slot }) => slot.match === longest)).toBe(true);
      for (const { slot, at } of gone) {
        const last = replayAt(slot.match, slot.kickoffAt, at, speed);
        expect(last.status).toBe('finished');
        expect(last.score).toMatchObject({ penalties: slot.match.penalties });
      }
    },
  );
});
