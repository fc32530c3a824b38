import { FINISHED_KEPT_MINUTES, programmeSlots } from './clock';

describe('programme slots', () => {
  it('keeps yesterday’s late games running past midnight', () => {
    const slots = programmeSlots(new Date('2026-11-22T00:05:00Z'), 30, 120, 60);
    // 120 minutes of the longest game and the 10 minutes a finished game is kept: from 21:55.
    expect(slots.map((slot) => slot.kickoffAt.toISOString())).toEqual([
      '2026-11-21T22:00:00.000Z',
      '2026-11-21T22:30:00.000Z',
      '2026-11-21T23:00:00.000Z',
      '2026-11-21T23:30:00.000Z',
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T00:30:00.000Z',
      '2026-11-22T01:00:00.000Z',
    ]);
    expect(slots[0]).toMatchObject({ day: '2026-11-21', slot: 44 });
  });

  it('stops at the end of each day and at the lookahead', () => {
    const slots = programmeSlots(new Date('2026-11-22T12:00:00Z'), 60, 20, 90);
    expect(slots.map((slot) => slot.kickoffAt.toISOString())).toEqual([
      '2026-11-22T12:00:00.000Z',
      '2026-11-22T13:00:00.000Z',
    ]);
  });

  it('announces tomorrow’s first games before midnight', () => {
    const slots = programmeSlots(new Date('2026-11-23T23:59:30Z'), 120, 130, 120);
    expect(slots.map((slot) => slot.kickoffAt.toISOString())).toEqual([
      '2026-11-23T22:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ]);
    expect(slots[1]).toMatchObject({ day: '2026-11-24', slot: 0 });
  });

  it('keeps a slot that kicked off exactly the longest game plus the finished margin ago', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const edge = new Date(now.getTime() - (120 + FINISHED_KEPT_MINUTES) * 60_000);
    const slots = programmeSlots(now, 10, 120, 0);
    expect(slots[0]!.kickoffAt).toEqual(edge);
    expect(programmeSlots(new Date(now.getTime() + 1), 10, 120, 0)[0]!.kickoffAt).not.toEqual(edge);
  });

  it('reaches back more than a day when the longest game lasts that long (a very slow clock)', () => {
    const slots = programmeSlots(new Date('2026-11-22T01:00:00Z'), 600, 1800, 0);
    expect(slots[0]!.kickoffAt.toISOString()).toBe('2026-11-20T20:00:00.000Z');
  });
});
