// Kick-off times as openfootball writes them: `"15:00"` in the league's local time, `"13:00 UTC-6"` with
// an explicit offset, or no time at all (only the date is known).
import { zoneOffsetMinutes } from '@/lib/time/zone';

const TIME = /^(\d{1,2}):(\d{2})(?:\s*UTC\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/;

export function isValidTime(time: string) {
  const match = TIME.exec(time.trim());
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60;
}

/**
 * The UTC instant of a published kick-off. Without a time, noon UTC of the date stands in and
 * `timeKnown` is false so screens can show the date alone.
 */
export function kickoffInstant(date: string, time: string | undefined, zone: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const match = time ? TIME.exec(time.trim()) : null;
  if (!match) return { at: new Date(Date.UTC(year, month - 1, day, 12)), timeKnown: false };
  const wall = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));
  if (match[3]) {
    const sign = match[3] === '-' ? -1 : 1;
    const offset = sign * (Number(match[4]) * 60 + Number(match[5] ?? 0));
    return { at: new Date(wall - offset * 60_000), timeKnown: true };
  }
  // Local wall time: the zone's offset at the guessed instant, corrected once around a DST change.
  let at = wall - zoneOffsetMinutes(zone, wall) * 60_000;
  at = wall - zoneOffsetMinutes(zone, at) * 60_000;
  return { at: new Date(at), timeKnown: true };
}
