// A zone said aloud: its offset (UTC+8, UTC−5, UTC+5:30) and the name readers use for it (北京时间,
// New York, Giờ miền Đông). Hints on lists and tooltips on single times put the two together through
// the catalogues' `common.time` messages.

import { dateTimeFormat } from './intl';
import { zoneOffsetMinutes } from './zone';

/** Zones Chinese readers call 北京时间 (one offset, no daylight saving). */
const BEIJING = new Set(['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'PRC']);
const UTC_ALIASES = /^(Etc\/)?(UTC|UCT|GMT|Zulu|Universal|Greenwich)(0|[+-]0)?$/i;

/** `UTC+8`, `UTC−5` (a true minus sign), `UTC+5:30`, `UTC` at `instant` in `timeZone`. */
export function zoneOffsetLabel(timeZone: string, instant: Date | string | number) {
  // On the minute: the zone's wall clock is read to the minute, the instant's seconds would skew it.
  const minutes = zoneOffsetMinutes(timeZone, Math.floor(new Date(instant).getTime() / 60_000) * 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '\u2212';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The name a reader of `locale` gives `timeZone`: 北京时间 / 北京時間 for China in Chinese, the city in
 * English (New York, Ho Chi Minh), else the runtime's generic name in the language (北美东部时间, Giờ
 * miền Đông); `UTC` for UTC, and the IANA id when the runtime has no name.
 */
export function zoneName(timeZone: string, locale: string) {
  if (UTC_ALIASES.test(timeZone)) return 'UTC';
  const language = locale.toLowerCase().split('-')[0];
  if (language === 'zh' && BEIJING.has(timeZone))
    return /TW|HK|MO|Hant/i.test(locale) ? '北京時間' : '北京时间';
  if (language === 'en' && timeZone.includes('/')) {
    return timeZone.slice(timeZone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  }
  for (const timeZoneName of ['longGeneric', 'long'] as const) {
    const name = dateTimeFormat(locale, { timeZone, timeZoneName })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value;
    if (name && !/^GMT([+-]|$)/.test(name)) return name;
  }
  return timeZone;
}
