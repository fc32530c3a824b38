// CLOCK_START: the portal's clock starts at a given instant and runs on in real time from there, so an
// e2e run (or a demo) sees the same day and hour whenever it is started (issue #10). Every time source
// in the process reads the global `Date`: the API's request clock, page renders, sessions, the jobs and
// the feeds' programme, and libraries that read the time themselves (rate-limiter-flexible, the media
// server). So the shift is made once, on `Date` itself, the way fake-timer libraries do it: `new Date()`
// and `Date.now()` answer the shifted instant, everything else (parsing, `new Date(ms)`, `instanceof`)
// is the native Date. Monotonic timers (`performance.now()`, setTimeout) are untouched.

const NativeDate = Date;

/** Makes this process's clock read `start` now and run forward in real time from it. */
export function startClockAt(start: Date, nativeNow: number = NativeDate.now()) {
  const offset = start.getTime() - nativeNow;
  const now = () => NativeDate.now() + offset;
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    // `Date()` called without `new` answers a string, as the native one does.
    if (!new.target) return new NativeDate(now()).toString();
    return Reflect.construct(NativeDate, args.length === 0 ? [now()] : args, new.target);
  }
  // Dates made before the shift, and by native code, stay `instanceof Date`.
  ShiftedDate.prototype = NativeDate.prototype;
  // `Date.UTC` and `Date.parse` as own properties: a wrapper that copies Date's own properties (Next.js
  // wraps `Date` this way to watch for time reads) must find them.
  for (const key of Reflect.ownKeys(NativeDate))
    if (!['prototype', 'now', 'name', 'length'].includes(key as string))
      Object.defineProperty(ShiftedDate, key, Object.getOwnPropertyDescriptor(NativeDate, key)!);
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
  return () => {
    globalThis.Date = NativeDate;
  };
}
