// Time-zone arithmetic on the runtime's own zone data (no library needed for offsets).

/** Minutes to add to UTC to read the wall clock of `timeZone` at `instant`. */
export function zoneOffsetMinutes(timeZone: string, instant: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
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
