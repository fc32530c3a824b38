// Time zones on the runtime's own zone data (no library): the viewer's zone cookie, offsets, calendar
// days, and the wall time a form field holds read as an instant in a given zone.
import { cookieValue } from '../cookies';
import { dateTimeFormat } from './intl';

/** The portal's zone when TIME_ZONE is unset: its home audience's (UTC+8). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Cookie holding the browser's IANA zone, so server-rendered pages show the viewer's times. */
export const TIME_ZONE_COOKIE = 'tz';
/** A year: the zone changes only when the viewer moves, and the browser says so on the next visit. */
export const TIME_ZONE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Whether `value` names a zone this runtime knows (`Asia/Shanghai`, `UTC`). */
export function isTimeZone(value: string) {
  if (!value || value.length > 64) return false;
  try {
    dateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The viewer's stored zone when it is a real one, else the portal's (`TIME_ZONE`). */
export function resolveTimeZone(stored: string | undefined, portalZone: string) {
  return stored && isTimeZone(stored) ? stored : portalZone;
}

/** The viewer's zone from a request's Cookie header, else the portal's. */
export function zoneOfCookieHeader(header: string | null | undefined, portalZone: string) {
  const raw = cookieValue(header, TIME_ZONE_COOKIE);
  let stored: string | undefined;
  try {
    stored = raw ? decodeURIComponent(raw) : undefined;
  } catch {
    stored = undefined;
  }
  return resolveTimeZone(stored, portalZone);
}

/**
 * The zone a request's reader reads in: the one the signed-in viewer chose in the user centre, else the
 * browser's (the `tz` cookie), else the portal's: what lib/time/viewer-zone.ts gives pages, for API routes.
 */
export function readerTimeZone(
  reader: { chosen: string | null | undefined; cookieHeader: string | null | undefined },
  portalZone: string,
) {
  if (reader.chosen && isTimeZone(reader.chosen)) return reader.chosen;
  return zoneOfCookieHeader(reader.cookieHeader, portalZone);
}

/** Minutes to add to UTC to read the wall clock of `timeZone` at `instant`. */
export function zoneOffsetMinutes(timeZone: string, instant: number) {
  const parts = dateTimeFormat('en-US', {
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

/** `YYYY-MM-DD` of the calendar day `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string) {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const DAY_MS = 86_400_000;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall time (`YYYY-MM-DDTHH:mm`, what a `datetime-local` field holds) names in `timeZone`,
 * or null when the text is no such time. A wall time read twice (clocks going back) is its first
 * occurrence; one that never happens (clocks jumping forward) moves on by the jump, as browsers and
 * Temporal do.
 */
export function instantFromWallTime(value: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  // A zone's offset changes at most once within two days: the offsets a day before and after are the
  // only candidates, and a candidate fits when the zone has that offset at the instant it gives.
  const before = zoneOffsetMinutes(timeZone, wall - DAY_MS);
  const after = zoneOffsetMinutes(timeZone, wall + DAY_MS);
  const fits = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => zoneOffsetMinutes(timeZone, instant) * 60_000 === wall - instant)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wall - before * 60_000);
}

/** The wall time (`YYYY-MM-DDTHH:mm`) `instant` reads in `timeZone`: a `datetime-local` field's value. */
export function wallTimeOf(instant: Date, timeZone: string) {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(timeZone, instant.getTime()) * 60_000);
  return local.toISOString().slice(0, 16);
}
