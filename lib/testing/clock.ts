// Fixed instants for tests: no test reads the wall clock. Suites whose answers depend on the day or on
// a live window run at every instant of `CLOCK_EDGES` (`describe.each`), so a run just before or after
// midnight UTC, or across a European daylight-saving change, is tested on every run, whatever the hour.
import type { Clock } from '@/lib/api/context';

/** An ordinary instant, for tests that need "some time" and nothing about the day. */
export const NOON = new Date('2026-06-15T12:00:00.000Z');

/** The instants that broke or could break day and window logic, named for the test titles. */
export const CLOCK_EDGES: [string, Date][] = [
  ['midday UTC', NOON],
  ['23:59:30 UTC', new Date('2026-11-23T23:59:30.000Z')],
  ['00:00:30 UTC', new Date('2026-11-24T00:00:30.000Z')],
  // Europe springs forward at 01:00 UTC on the last Sunday of March…
  ['before the March DST change', new Date('2026-03-29T00:59:30.000Z')],
  ['after the March DST change', new Date('2026-03-29T01:00:30.000Z')],
  // …and falls back at 01:00 UTC on the last Sunday of October.
  ['before the October DST change', new Date('2026-10-25T00:59:30.000Z')],
  ['after the October DST change', new Date('2026-10-25T01:00:30.000Z')],
];

/** A clock a test sets and moves; hand `clock.now` to `createApiApp({ clock })`. */
export function testClock(start: Date = NOON) {
  let current = start.getTime();
  return {
    now: (() => new Date(current)) as Clock,
    set(at: Date) {
      current = at.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}

/** `at + ms`, for test data placed relative to the test's instant. */
export const shifted = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** When test databases import the openfootball records (the rows' "last heard of" instant). */
export const IMPORTED_AT = new Date('2026-01-05T08:00:00.000Z');

/**
 * rate-limiter-flexible (lib/rate-limits) reads `Date.now()` inside its stores, so a test of limits sets
 * that time from its test clock: only `Date` is faked (timers, ticks and I/O run for real), at `start`,
 * and `set`/`advance` move the limiter's time with the clock the app is given. Call `restore` after.
 */
export function limiterTime(start: Date = NOON) {
  const clock = testClock(start);
  jest.useFakeTimers({
    now: start,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  return {
    now: clock.now,
    set(at: Date) {
      clock.set(at);
      jest.setSystemTime(at);
    },
    advance(ms: number) {
      clock.advance(ms);
      jest.setSystemTime(clock.now());
    },
    restore: () => jest.useRealTimers(),
  };
}
