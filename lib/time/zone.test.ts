// The wall time a form holds read as an instant in a zone, and back, with explicit instants and zones
// (never the machine's): ordinary days, both daylight-saving edges, and text that is no time.
import {
  dayIn,
  instantFromWallTime,
  isTimeZone,
  readerTimeZone,
  resolveTimeZone,
  wallTimeOf,
  zoneOfCookieHeader,
  zoneOffsetMinutes,
} from './zone';

const at = (iso: string) => new Date(iso);

describe('instantFromWallTime', () => {
  it.each([
    ['2026-11-30T20:00', 'Asia/Shanghai', '2026-11-30T12:00:00.000Z'],
    ['2026-11-30T20:00', 'UTC', '2026-11-30T20:00:00.000Z'],
    ['2026-11-30T20:00', 'America/New_York', '2026-12-01T01:00:00.000Z'],
    ['2026-11-30T20:00', 'Asia/Ho_Chi_Minh', '2026-11-30T13:00:00.000Z'],
    ['2026-07-01T08:30', 'America/New_York', '2026-07-01T12:30:00.000Z'],
    ['2026-01-01T00:00', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
  ])('%s in %s is %s', (wall, zone, expected) => {
    expect(instantFromWallTime(wall, zone)?.toISOString()).toBe(expected);
  });

  it('reads a wall time repeated when clocks go back as its first occurrence', () => {
    // Europe/London 2026-10-25: 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    expect(instantFromWallTime('2026-10-25T01:30', 'Europe/London')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('moves a wall time that clocks jump over on by the jump', () => {
    // Europe/London 2026-03-29: 01:00 GMT becomes 02:00 BST; 01:30 does not exist and reads as 02:30 BST.
    const instant = instantFromWallTime('2026-03-29T01:30', 'Europe/London')!;
    expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeOf(instant, 'Europe/London')).toBe('2026-03-29T02:30');
  });

  it.each([
    '',
    '2026-11-30',
    '2026-11-30 20:00',
    '2026-02-30T10:00',
    '2026-11-30T24:00',
    '2026-11-30T20:60',
    'x',
  ])('refuses %j', (text) => {
    expect(instantFromWallTime(text, 'Asia/Shanghai')).toBeNull();
  });

  it('gives back what wallTimeOf read, in every zone', () => {
    const instant = at('2026-11-28T20:00:00Z');
    for (const zone of ['Asia/Shanghai', 'UTC', 'America/New_York', 'Asia/Ho_Chi_Minh', 'Europe/London']) {
      expect(instantFromWallTime(wallTimeOf(instant, zone), zone)?.toISOString()).toBe(instant.toISOString());
    }
  });
});

describe('wallTimeOf and dayIn', () => {
  it('read one instant as each zone’s wall clock and day', () => {
    const instant = at('2026-11-28T20:00:00Z');
    expect(wallTimeOf(instant, 'Asia/Shanghai')).toBe('2026-11-29T04:00');
    expect(wallTimeOf(instant, 'UTC')).toBe('2026-11-28T20:00');
    expect(wallTimeOf(instant, 'America/New_York')).toBe('2026-11-28T15:00');
    expect(dayIn(instant, 'Asia/Shanghai')).toBe('2026-11-29');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-11-28');
  });

  it('knows the offsets on both sides of a change', () => {
    expect(zoneOffsetMinutes('America/New_York', at('2026-11-01T05:59:00Z').getTime())).toBe(-240);
    expect(zoneOffsetMinutes('America/New_York', at('2026-11-01T06:00:00Z').getTime())).toBe(-300);
  });
});

describe('the viewer’s zone', () => {
  it('is the stored zone when it is real, else the portal’s', () => {
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(resolveTimeZone('America/New_York', 'Asia/Shanghai')).toBe('America/New_York');
    expect(resolveTimeZone('Mars/Olympus', 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(resolveTimeZone(undefined, 'UTC')).toBe('UTC');
  });

  it('is read from a Cookie header, encoded or not, and survives a broken one', () => {
    expect(zoneOfCookieHeader('token=a; tz=America%2FNew_York', 'Asia/Shanghai')).toBe('America/New_York');
    expect(zoneOfCookieHeader('tz=UTC', 'Asia/Shanghai')).toBe('UTC');
    expect(zoneOfCookieHeader('tz=%E0%A4%A', 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(zoneOfCookieHeader(undefined, 'Asia/Shanghai')).toBe('Asia/Shanghai');
  });

  it('is the zone a signed-in reader chose before the cookie, and the cookie when the choice is none', () => {
    const cookieHeader = 'tz=Europe%2FLondon';
    expect(readerTimeZone({ chosen: 'Asia/Tokyo', cookieHeader }, 'Asia/Shanghai')).toBe('Asia/Tokyo');
    expect(readerTimeZone({ chosen: null, cookieHeader }, 'Asia/Shanghai')).toBe('Europe/London');
    expect(readerTimeZone({ chosen: 'Mars/Olympus', cookieHeader }, 'Asia/Shanghai')).toBe('Europe/London');
    expect(readerTimeZone({ chosen: undefined, cookieHeader: undefined }, 'Asia/Shanghai')).toBe(
      'Asia/Shanghai',
    );
  });
});
