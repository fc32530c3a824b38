// The feeds' clock and randomness: match time runs FEED_CLOCK_SPEED times faster than real time, and
// every made-up number comes from a generator seeded by the match, so a tick is reproducible.

/** Match minutes elapsed since kick-off (negative before it). */
export function matchMinutesSince(kickoffAt: Date, now: Date, speed: number) {
  return ((now.getTime() - kickoffAt.getTime()) / 60_000) * speed;
}

/**
 * Match minutes elapsed at `now` for a game of `length` match minutes due to end at `endsAt`: the
 * final whistle is the instant `endsAt` itself (compared in milliseconds, never in rounded minutes),
 * so every process, the stored expected end and the state agree at any speed.
 */
export function clampToEnd(elapsed: number, length: number, now: Date, endsAt: Date) {
  return now.getTime() >= endsAt.getTime() ? Math.max(elapsed, length) : Math.min(elapsed, length - 1e-6);
}

/**
 * The clock speed a game of `length` match minutes was played at, read back from its stored kick-off
 * and expected end; rounded, as speeds are configured values and the end was rounded up to the ms.
 */
export function speedOf(length: number, kickoffAt: Date, expectedEndAt: Date) {
  const speed = (length * 60_000) / (expectedEndAt.getTime() - kickoffAt.getTime());
  return Math.round(speed * 1e6) / 1e6;
}

/** mulberry32: small, fast, good enough for made-up match events; same seed, same sequence. */
export function seededRandom(seed: string) {
  let state = 0;
  for (const char of seed) state = (Math.imul(state ^ char.codePointAt(0)!, 2654435761) + 1) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Poisson draw by inversion (means here are small). */
export function poisson(random: () => number, mean: number) {
  const limit = Math.exp(-mean);
  let product = random();
  let count = 0;
  while (product > limit) {
    product *= random();
    count += 1;
  }
  return count;
}

const DAY_MS = 86_400_000;

/**
 * Real minutes a slot stays in the programme after the longest game could have ended. Without it the
 * longest game left the programme at the very instant of its final whistle: every tick before that
 * instant saw it still playing, none after it saw it at all, so it stayed "live" for ever (issue 17).
 * Ticks come every few seconds; ten minutes leave room for a slow or late tick, and the feeds job's
 * catch-up finishes anything a stopped process missed.
 */
export const FINISHED_KEPT_MINUTES = 10;

/**
 * The kick-off slots a daily programme has running or coming up: every `spacingMinutes` from UTC
 * midnight, those that kicked off less than `longestMinutes` + FINISHED_KEPT_MINUTES ago or start
 * within `lookaheadMinutes`. Yesterday's late slots count too, so games still playing at midnight are
 * carried to their end, and tomorrow's first slots within the lookahead, so the games after midnight are
 * announced before it (a visitor at 23:59 sees what comes next, as at any other hour).
 */
export function programmeSlots(
  now: Date,
  spacingMinutes: number,
  longestMinutes: number,
  lookaheadMinutes: number,
) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = now.getTime() - (longestMinutes + FINISHED_KEPT_MINUTES) * 60_000;
  const to = now.getTime() + lookaheadMinutes * 60_000;
  const slots: { day: string; slot: number; kickoffAt: Date }[] = [];
  for (
    let dayStart = today - Math.ceil((today - from) / DAY_MS) * DAY_MS;
    dayStart <= today + DAY_MS;
    dayStart += DAY_MS
  ) {
    const first = Math.max(0, Math.ceil((from - dayStart) / (spacingMinutes * 60_000)));
    for (let slot = first; ; slot += 1) {
      const kickoff = dayStart + slot * spacingMinutes * 60_000;
      if (kickoff > to || kickoff >= dayStart + DAY_MS) break;
      slots.push({ day: new Date(dayStart).toISOString().slice(0, 10), slot, kickoffAt: new Date(kickoff) });
    }
  }
  return slots;
}

/**
 * Slots of the same daily programme further ahead, so the schedule always shows fixtures days in advance
 * (issue 43): one slot in every `everyMinutes` (rounded to whole slots) after `fromMinutes` and up to
 * `toMinutes` from `now`. They are the programme's own slots, so each becomes the very game the programme
 * plays when its kick-off comes into the lookahead.
 */
export function slotsAhead(
  now: Date,
  spacingMinutes: number,
  fromMinutes: number,
  toMinutes: number,
  everyMinutes: number,
) {
  const stride = Math.max(1, Math.round(everyMinutes / spacingMinutes));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = now.getTime() + fromMinutes * 60_000;
  const to = now.getTime() + toMinutes * 60_000;
  const slots: { day: string; slot: number; kickoffAt: Date }[] = [];
  for (let dayStart = today; dayStart <= to; dayStart += DAY_MS) {
    for (let slot = 0; ; slot += stride) {
      const kickoff = dayStart + slot * spacingMinutes * 60_000;
      if (kickoff > to || kickoff >= dayStart + DAY_MS) break;
      if (kickoff <= from) continue;
      slots.push({ day: new Date(dayStart).toISOString().slice(0, 10), slot, kickoffAt: new Date(kickoff) });
    }
  }
  return slots;
}

/** How many days ahead the feeds announce fixtures (experts publish and anchors bind that far ahead). */
export const FIXTURES_AHEAD_DAYS = 3;
/** One announced fixture about every this many real minutes beyond the programme's lookahead. */
export const FIXTURES_AHEAD_EVERY_MINUTES = 240;
