import { startClockAt } from './clock';

const START = new Date('2026-10-24T23:59:30.000Z');

it('starts the clock at CLOCK_START and runs it on in real time', async () => {
  const restore = startClockAt(START);
  try {
    const first = new Date();
    expect(first.getTime() - START.getTime()).toBeGreaterThanOrEqual(0);
    expect(first.getTime() - START.getTime()).toBeLessThan(5_000);
    expect(Date.now() - START.getTime()).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - first.getTime()).toBeGreaterThanOrEqual(40);
    // Everything but "now" is the native Date.
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date('2026-03-29T01:00:00Z').getTime()).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(Date.UTC(2026, 9, 25)).toBe(new Date('2026-10-25T00:00:00Z').getTime());
    expect(new Date()).toBeInstanceOf(Date);
    expect(Object.prototype.toString.call(new Date())).toBe('[object Date]');
    expect(typeof Date()).toBe('string');
    expect(new Date(Date()).getUTCFullYear()).toBe(2026);
    // A wrapper that copies Date's own properties, as Next.js installs one, keeps them all.
    const copied = Object.getOwnPropertyDescriptors(Date);
    expect(Object.keys(copied)).toEqual(expect.arrayContaining(['UTC', 'parse', 'now']));
    class Kickoff extends Date {}
    expect(new Kickoff()).toBeInstanceOf(Kickoff);
    expect(new Kickoff().getTime() - START.getTime()).toBeLessThan(5_000);
  } finally {
    restore();
  }
});
