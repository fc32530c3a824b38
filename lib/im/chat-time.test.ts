import en from '@/messages/en.json';
import vi from '@/messages/vi.json';
import zhCN from '@/messages/zh-CN.json';
import zhTW from '@/messages/zh-TW.json';
import { chatTime, showsTimeLabel } from './chat-time';

// Tuesday 2026-06-16 14:30 in Shanghai.
const NOW = new Date('2026-06-16T06:30:00Z');
const TZ = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);

// Readers on a 24-hour clock; 12-hour ones (en-US, zh-TW) below.
const cases: [string, typeof en][] = [
  ['zh-CN', zhCN as typeof en],
  ['en-GB', en],
  ['vi', vi as typeof en],
];

describe('chatTime', () => {
  it.each(cases)('follows spec §9 in %s', (locale, messages) => {
    const words = messages.im.time;
    const label = (when: Date) => chatTime(when, NOW, { locale, timeZone: TZ, words });
    expect(label(at('2026-06-16T06:29:01Z'))).toBe(words.justNow);
    // 61 s ago: the time of day.
    expect(label(at('2026-06-16T06:28:59Z'))).toMatch(/14:28/);
    expect(label(at('2026-06-16T06:28:59Z'))).not.toContain(words.justNow);
    // Yesterday 23:59 Shanghai (15:59 UTC) is "yesterday", although less than 24 h ago.
    expect(label(at('2026-06-15T15:59:00Z'))).toBe(`${words.yesterday} 23:59`);
    // Today 00:01 Shanghai is today, not yesterday, although UTC still says the 15th.
    expect(label(at('2026-06-15T16:01:00Z'))).toBe('00:01');
    expect(label(at('2026-06-14T02:00:00Z'))).toBe(`${words.dayBefore} 10:00`);
    // Three to six days back: the weekday (Friday 12 June).
    const friday = new Intl.DateTimeFormat(locale, { timeZone: TZ, weekday: 'long' }).format(
      at('2026-06-12T04:00:00Z'),
    );
    expect(label(at('2026-06-12T04:00:00Z'))).toBe(`${friday} 12:00`);
    // Just past 168 h: a date with the year.
    const old = label(at('2026-06-09T06:00:00Z'));
    expect(old).toContain('2026');
    expect(old).toContain('14:00');
    expect(old).not.toContain(friday);
  });

  it('writes a 12-hour clock where the reader’s region does', () => {
    const earlier = at('2026-06-16T06:28:59Z');
    expect(chatTime(earlier, NOW, { locale: 'en-US', timeZone: TZ, words: en.im.time })).toBe('2:28 PM');
    expect(chatTime(earlier, NOW, { locale: 'zh-TW', timeZone: TZ, words: zhTW.im.time })).toBe('下午2:28');
  });

  it('cuts days at the reader’s midnight, not UTC', () => {
    const words = en.im.time;
    const when = at('2026-06-15T20:00:00Z');
    expect(chatTime(when, NOW, { locale: 'en-GB', timeZone: TZ, words })).toBe('04:00');
    expect(chatTime(when, NOW, { locale: 'en-GB', timeZone: 'UTC', words })).toBe('Yesterday 20:00');
  });
});

describe('showsTimeLabel', () => {
  it('labels the first message and gaps over 120 s only', () => {
    expect(showsTimeLabel(undefined, NOW)).toBe(true);
    expect(showsTimeLabel(at('2026-06-16T06:28:00Z'), at('2026-06-16T06:30:00Z'))).toBe(false);
    expect(showsTimeLabel(at('2026-06-16T06:27:59Z'), at('2026-06-16T06:30:00Z'))).toBe(true);
    expect(showsTimeLabel('2026-06-16T06:29:00.000Z', '2026-06-16T06:30:00.000Z')).toBe(false);
  });
});
