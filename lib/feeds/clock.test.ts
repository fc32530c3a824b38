import { programmeSlots } from './clock';

describe('programme slots', () => {
  it('keeps yesterday’s late games running past midnight', () => {
    const slots = programmeSlots(new Date('2026-11-22T00:05:00Z'), 30, 120, 60);
    expect(slots.map((slot) => slot.kickoffAt.toISOString())).toEqual([
      '2026-11-21T22:30:00.000Z',
      '2026-11-21T23:00:00.000Z',
      '2026-11-21T23:30:00.000Z',
      '2026-11-22T00:00:00.000Z',
      '2026-11-22T00:30:00.000Z',
      '2026-11-22T01:00:00.000Z',
    ]);
    expect(slots[0]).toMatchObject({ day: '2026-11-21', slot: 45 });
  });

  it('stops at the end of each day and at the lookahead', () => {
    const slots = programmeSlots(new Date('2026-11-22T12:00:00Z'), 60, 30, 90);
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
});
