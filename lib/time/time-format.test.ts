// The one formatter: the viewer's region decides 12 or 24 hours and the order of day and month, the
// zone is said in hints and tooltips, and nothing shows a time before the zone is known.
import { acceptedLanguages, formatLocaleFor } from './format-locale';
import { createTimeFormat, type ViewerTimes } from './time-format';
import { zoneName, zoneOffsetLabel } from './zone-name';

// 17:00 in New York on 6 December 2026 (22:00 UTC; 06:00 on the 7th in Shanghai).
const AT = new Date('2026-12-06T22:00:00Z');
const WORDS = { hint: 'Times in {name} ({offset})', title: '{time} ({name}, {offset})' };
const ZH_WORDS = { hint: '{name} {offset}', title: '{time}（{name} {offset}）' };

const view = (over: Partial<ViewerTimes>): ViewerTimes => ({
  locale: 'en',
  timeZone: 'America/New_York',
  source: 'browser',
  at: AT.toISOString(),
  words: WORDS,
  ...over,
});

describe('formatLocaleFor', () => {
  it.each([
    ['en', 'en-GB,en;q=0.9', 'en-GB'],
    ['en', 'en-US,en;q=0.9', 'en-US'],
    ['en', 'en', 'en'],
    ['en', 'de-DE,de;q=0.9,en;q=0.8', 'en-DE'],
    ['en', 'zh-CN,zh;q=0.9', 'en'],
    ['en', 'fr;q=0.5, en-AU;q=0.9', 'en-AU'],
    ['zh-CN', 'zh-TW,en-GB', 'zh-CN'],
    ['zh-TW', 'en-US', 'zh-TW'],
    ['vi', 'vi-VN,vi', 'vi-VN'],
    ['en', '', 'en'],
    ['en', 'xx-!!,en-GB;q=0', 'en'],
  ])('a page in %s read with Accept-Language "%s" writes dates as %s', (locale, header, expected) => {
    expect(formatLocaleFor(locale, acceptedLanguages(header))).toBe(expected);
  });
});

describe('createTimeFormat', () => {
  it('writes en-GB on a 24-hour clock, day first, and en-US on a 12-hour clock, month first', () => {
    const gb = createTimeFormat(view({ locale: 'en-GB', timeZone: 'Europe/London' }), 'en');
    const us = createTimeFormat(view({ locale: 'en-US' }), 'en');
    expect(gb.dateTime(AT, 'time')).toBe('22:00');
    expect(gb.dateTime(AT, 'numericMonthDay')).toBe('06/12');
    expect(gb.dateTime(AT, 'kickoff')).toBe('06/12, 22:00');
    expect(us.dateTime(AT, 'time')).toBe('5:00 PM');
    expect(us.dateTime(AT, 'numericMonthDay')).toBe('12/6');
    expect(us.dateTime(AT, 'kickoff')).toBe('12/06, 5:00 PM');
    // One clock within a page: the long styles follow the same region.
    expect(gb.dateTime(AT, 'dateTime')).toBe('6 Dec 2026, 22:00');
    expect(us.dateTime(AT, 'dateTime')).toBe('Dec 6, 2026, 5:00 PM');
  });

  it('says the zone once per list and in every tooltip', () => {
    const ny = createTimeFormat(view({}), 'en');
    expect(ny.hint()).toBe('Times in New York (UTC−5)');
    expect(ny.title(AT)).toBe('December 6, 2026 at 5:00 PM (New York, UTC−5)');
    const bj = createTimeFormat(
      view({ locale: 'zh-CN', timeZone: 'Asia/Shanghai', words: ZH_WORDS }),
      'zh-CN',
    );
    expect(bj.hint()).toBe('北京时间 UTC+8');
    expect(bj.dateTime(AT, 'kickoff')).toBe('12/07 06:00');
  });

  it('masks every time while the zone is unknown, a board’s own zone included', () => {
    const unknown = createTimeFormat(view({ source: 'unknown', timeZone: 'UTC' }), 'en');
    expect(unknown.known).toBe(false);
    for (const text of [
      unknown.dateTime(AT, 'time'),
      unknown.dateTime(AT, 'kickoff', { timeZone: 'Asia/Shanghai' }),
      unknown.dateTime(AT, 'dateTime'),
    ]) {
      expect(text).not.toMatch(/\d/);
    }
    expect(unknown.title(AT)).toBe('');
    // Calendar days are no instants: the same in every zone, shown at once.
    expect(unknown.day('2026-12-06', 'numericMonthDay')).toBe('12/6');
  });
});

describe('zone names and offsets', () => {
  it.each([
    ['Asia/Shanghai', 'zh-CN', '北京时间'],
    ['Asia/Shanghai', 'zh-TW', '北京時間'],
    ['Asia/Shanghai', 'en', 'Shanghai'],
    ['America/New_York', 'en', 'New York'],
    ['America/New_York', 'zh-CN', '北美东部时间'],
    ['Asia/Ho_Chi_Minh', 'vi', 'Giờ Việt Nam'],
    ['UTC', 'zh-CN', 'UTC'],
    ['Etc/UTC', 'en', 'UTC'],
  ])('%s in %s is %s', (zone, locale, name) => {
    expect(zoneName(zone, locale)).toBe(name);
  });

  it.each([
    ['Asia/Shanghai', '2026-12-06T22:00:00Z', 'UTC+8'],
    ['America/New_York', '2026-12-06T22:00:00Z', 'UTC−5'],
    ['America/New_York', '2026-07-06T22:00:00Z', 'UTC−4'],
    ['Asia/Kolkata', '2026-12-06T22:00:00Z', 'UTC+5:30'],
    ['Europe/London', '2026-12-06T22:00:00Z', 'UTC'],
  ])('%s at %s is %s', (zone, at, offset) => {
    expect(zoneOffsetLabel(zone, at)).toBe(offset);
  });
});
