// Chat times (spec §9): within 60 s "just now", then the time today, "yesterday", "the day before", the
// weekday within 168 hours, else a date — in the reader's formatting locale (12 or 24 hours is its own)
// and time zone. Pure: the clock is a
// parameter. A time label shows above the first message and after a gap of more than 120 s (spec §3).

import { optionsFor } from '@/lib/time/format';
import { dateTimeFormat } from '@/lib/time/intl';

export const JUST_NOW_SECONDS = 60;
export const WEEKDAY_HOURS = 168;
export const TIME_LABEL_GAP_SECONDS = 120;

export type ChatTimeWords = { justNow: string; yesterday: string; dayBefore: string };
export type ChatTimeOptions = { locale: string; timeZone?: string; words: ChatTimeWords };

/** Days since 1970 of the calendar day `at` falls on in `timeZone`. */
function dayNumber(at: Date, timeZone: string | undefined) {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

export function chatTime(at: Date, now: Date, { locale, timeZone, words }: ChatTimeOptions) {
  const ageMs = now.getTime() - at.getTime();
  if (ageMs < JUST_NOW_SECONDS * 1000) return words.justNow;
  const clock = dateTimeFormat(locale, { ...optionsFor('time', locale), timeZone }).format(at);
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days <= 0) return clock;
  if (days === 1) return `${words.yesterday} ${clock}`;
  if (days === 2) return `${words.dayBefore} ${clock}`;
  if (ageMs < WEEKDAY_HOURS * 3600_000) {
    const weekday = dateTimeFormat(locale, { timeZone, weekday: 'long' }).format(at);
    return `${weekday} ${clock}`;
  }
  const date = dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return `${date} ${clock}`;
}

/** Whether a message gets a time label: the first one, or one more than 120 s after the previous. */
export function showsTimeLabel(previous: Date | string | undefined, current: Date | string) {
  if (previous === undefined) return true;
  return new Date(current).getTime() - new Date(previous).getTime() > TIME_LABEL_GAP_SECONDS * 1000;
}
