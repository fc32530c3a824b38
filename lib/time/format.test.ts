// The named date styles with explicit instants, zones and languages: one instant reads the same for
// everyone in one zone, and the viewer's zone moves its day and hour; calendar days never move.
import { DATE_TIME_FORMATS, formatDay, formatInstant, maskedInstant, zoneLabel } from './format';

// USA – Wales, World Cup 2022: 19:00 UTC on 21 November.
const KICKOFF = new Date('2022-11-21T19:00:00Z');

describe('formatInstant', () => {
  it.each([
    ['Asia/Shanghai', '11/22 03:00'],
    ['UTC', '11/21 19:00'],
    ['America/New_York', '11/21 14:00'],
    ['Asia/Ho_Chi_Minh', '11/22 02:00'],
  ])('shows a kick-off in %s as %s', (timeZone, expected) => {
    expect(formatInstant(KICKOFF, 'kickoff', { locale: 'zh-CN', timeZone })).toBe(expected);
  });

  it('writes each language its own way, 12 or 24 hours as its region does', () => {
    const view = { timeZone: 'Asia/Shanghai' };
    expect(formatInstant(KICKOFF, 'time', { ...view, locale: 'en' })).toBe('3:00 AM');
    expect(formatInstant(KICKOFF, 'time', { ...view, locale: 'en-GB' })).toBe('03:00');
    expect(formatInstant(KICKOFF, 'time', { ...view, locale: 'zh-CN' })).toBe('03:00');
    expect(formatInstant(KICKOFF, 'time', { ...view, locale: 'vi' })).toBe('03:00');
    expect(formatInstant(KICKOFF, 'date', { ...view, locale: 'zh-CN' })).toBe('2022年11月22日');
    expect(formatInstant(KICKOFF, 'date', { ...view, locale: 'zh-TW' })).toBe('2022年11月22日');
    expect(formatInstant(KICKOFF, 'date', { ...view, locale: 'en' })).toBe('Nov 22, 2022');
    expect(formatInstant(KICKOFF, 'date', { ...view, locale: 'vi' })).toBe('22 thg 11, 2022');
    expect(formatInstant(KICKOFF, 'weekdayDayTime', { ...view, locale: 'zh-CN' })).toBe('11月22日周二 03:00');
  });

  it('takes ISO text and milliseconds alike', () => {
    const view = { locale: 'en', timeZone: 'UTC' };
    expect(formatInstant(KICKOFF.toISOString(), 'dateTime', view)).toBe(
      formatInstant(KICKOFF.getTime(), 'dateTime', view),
    );
  });

  it('is what Intl gives for the named options, so pages (next-intl) and other code agree', () => {
    for (const style of Object.keys(DATE_TIME_FORMATS) as (keyof typeof DATE_TIME_FORMATS)[]) {
      expect(formatInstant(KICKOFF, style, { locale: 'vi', timeZone: 'America/New_York' })).toBe(
        new Intl.DateTimeFormat('vi', { ...DATE_TIME_FORMATS[style], timeZone: 'America/New_York' }).format(
          KICKOFF,
        ),
      );
    }
  });
});

describe('formatDay', () => {
  it('shows a recorded day as that day whatever the zone', () => {
    expect(formatDay('2022-11-21', 'date', 'zh-CN')).toBe('2022年11月21日');
    expect(formatDay('2022-11-21', 'longDate', 'en')).toBe('November 21, 2022');
    expect(formatDay('2026-11-30', 'dayHeading', 'zh-CN')).toBe('11月30日星期一');
    expect(formatDay('2026-11-30', 'numericMonthDay', 'en')).toBe('11/30');
  });
});

describe('zoneLabel', () => {
  it('names zones as people do, in their language', () => {
    expect(zoneLabel('Asia/Shanghai', 'zh-CN')).toBe('中国标准时间');
    expect(zoneLabel('America/New_York', 'en')).toBe('Eastern Time');
    expect(zoneLabel('Asia/Ho_Chi_Minh', 'vi')).toBe('Giờ Việt Nam');
    expect(zoneLabel('UTC', 'zh-CN')).toBe('协调世界时');
  });
});

describe('maskedInstant', () => {
  it('keeps the shape of the style and shows no zone’s digits, months or weekdays', () => {
    const masked = maskedInstant(KICKOFF, 'weekdayDayTime', 'zh-CN');
    expect(masked).not.toMatch(/\d|周/);
    expect(masked.length).toBe(
      formatInstant(KICKOFF, 'weekdayDayTime', { locale: 'zh-CN', timeZone: 'UTC' }).length,
    );
    expect(maskedInstant(KICKOFF, 'time', 'en-GB')).toBe('\u2012\u2012:\u2012\u2012');
    expect(maskedInstant(KICKOFF, 'dateTime', 'en')).not.toMatch(/\d|Nov|PM|AM/);
  });
});
