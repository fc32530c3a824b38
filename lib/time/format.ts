// Every date and time the portal shows, by name. Pages format through one formatter
// (lib/time/time-format.ts: `getTimeFormat()` on the server, `useTimeFormat()` in client islands), which
// calls `formatInstant` with the viewer's zone and formatting locale (the page's language with the
// viewer's region: en-GB reads 17:00 and 6/12, en-US 5:00 PM and 12/6). Code outside React (texts,
// notices, tests) calls `formatInstant` with the view it was given. No style fixes the hour cycle: 12 or
// 24 hours is the locale's.
import type { DateTimeFormatOptions } from 'next-intl';
import { dateTimeFormat } from './intl';

export const DATE_TIME_FORMATS = {
  /** 2026年11月30日 20:00 · Nov 30, 2026, 8:00 PM */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 2026年11月30日 20:00 with the month written out (articles). */
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
  /** 2026/11/30 20:00 (dense tables). */
  shortDateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** 2026年11月30日 */
  date: { dateStyle: 'medium' },
  /** 2026年11月30日 with the month written out */
  longDate: { dateStyle: 'long' },
  /** 2026年11月30日星期一 */
  fullDate: { dateStyle: 'full' },
  /** 11/30 */
  monthDay: { month: '2-digit', day: '2-digit' },
  /** 11/30 without leading zeros (a day picker) */
  numericMonthDay: { month: 'numeric', day: 'numeric' },
  /** 11月30日 · Nov 30 */
  shortMonthDay: { month: 'short', day: 'numeric' },
  /** 11月30日星期一 · Monday, November 30 (a day's heading) */
  dayHeading: { month: 'long', day: 'numeric', weekday: 'long' },
  /** 周一 · Mon */
  weekday: { weekday: 'short' },
  /** 20:00 · 8:00 PM (the hour's digits: optionsFor) */
  time: { hour: 'numeric', minute: '2-digit' },
  /** 11/30 20:00 (a kick-off in a list) */
  kickoff: { month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' },
  /** 2026/11/30 20:00 (a kick-off in a list that spans seasons: an expert's plans) */
  datedKickoff: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
  },
  /** 11/30 20:00 without leading zeros on the day (next kick-off) */
  numericDayTime: { month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 11月30日 20:00 */
  dayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** 11月30日周一 20:00 (a reserved live) */
  weekdayDayTime: {
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const satisfies Record<string, DateTimeFormatOptions>;

export type DateTimeStyle = keyof typeof DATE_TIME_FORMATS;

/** The zone and language a reader sees times in. */
export type TimeView = { locale: string; timeZone: string };

/** A named style, or options of one's own for the rare one-off (a chart's axis). */
export type DateTimeStyleOrOptions = DateTimeStyle | Intl.DateTimeFormatOptions;

const twoDigitHours = new Map<string, boolean>();
/** Whether `locale` reads a 24-hour clock (zh-CN, en-GB, vi: 03:00), not a 12-hour one (en-US: 3:00 AM). */
export function usesTwentyFourHours(locale: string) {
  let found = twoDigitHours.get(locale);
  if (found === undefined) {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    found = cycle === 'h23' || cycle === 'h24';
    twoDigitHours.set(locale, found);
  }
  return found;
}

/**
 * A style's options for `locale`: a 24-hour clock writes its hour with two digits (20:00, 03:00), a
 * 12-hour one without (3:00 AM); which clock is always the locale's.
 */
export function optionsFor(style: DateTimeStyleOrOptions, locale: string): Intl.DateTimeFormatOptions {
  const options: Intl.DateTimeFormatOptions = typeof style === 'string' ? DATE_TIME_FORMATS[style] : style;
  return options.hour === 'numeric' && usesTwentyFourHours(locale)
    ? { ...options, hour: '2-digit' }
    : options;
}

/** `instant` in a named style, read in the viewer's zone. */
export function formatInstant(
  instant: Date | string | number,
  style: DateTimeStyleOrOptions,
  { locale, timeZone }: TimeView,
) {
  return dateTimeFormat(locale, { ...optionsFor(style, locale), timeZone }).format(new Date(instant));
}

/**
 * What a time shows before the viewer's zone is known (a first visit's server render): the style's shape
 * with every digit, month, weekday and AM/PM masked by figure dashes (a digit's width), so the place is
 * kept and no zone's time is ever on the page.
 */
export function maskedInstant(
  instant: Date | string | number,
  style: DateTimeStyleOrOptions,
  locale: string,
) {
  return dateTimeFormat(locale, { ...optionsFor(style, locale), timeZone: 'UTC' })
    .formatToParts(new Date(instant))
    .map((part) => (part.type === 'literal' ? part.value : '\u2012'.repeat(part.value.length)))
    .join('');
}

/**
 * A calendar day that is no instant (`YYYY-MM-DD`: the day a replayed match was played as the records
 * have it, a birthday, a schedule's day) in a named style: the same day in every zone.
 */
export function formatDay(day: string, style: DateTimeStyleOrOptions, locale: string) {
  return dateTimeFormat(locale, { ...optionsFor(style, locale), timeZone: 'UTC' }).format(dayNoon(day));
}

/** Noon UTC of a `YYYY-MM-DD` day: the instant that reads as that day in UTC. */
export function dayNoon(day: string) {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

/** A zone as people name it (中国标准时间, Eastern Time, 协调世界时), its IANA id when it has no name. */
export function zoneLabel(timeZone: string, locale: string) {
  for (const timeZoneName of ['longGeneric', 'long'] as const) {
    const name = dateTimeFormat(locale, { timeZone, timeZoneName })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && !/^GMT([+-]|$)/.test(name)) return name;
  }
  return timeZone;
}
