// Kick-off times as openfootball writes them: `"15:00"` in the league's local time, `"13:00 UTC-6"` with
// an explicit offset, or no time at all (only the date is known).

const TIME = /^(\d{1,2}):(\d{2})(?:\s*UTC\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/;

export function isValidTime(time: string) {
  const match = TIME.exec(time.trim());
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60;
}

/** Minutes to add to UTC to get the wall-clock time of `zone` at `instant`. */
function zoneOffsetMinutes(zone: string, instant: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'));
  return Math.round((wall - instant) / 60_000);
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
