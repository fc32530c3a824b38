// A time written for a reader outside React (API refusals, notices rendered on the server): the instant
// in the reader's zone and formatting locale, followed by the zone's name and offset through the
// catalogue's `common.time.title` template — `2026年12月7日 06:55（北京时间，UTC+8）`, `Dec 7, 2026, 6:55 AM
// (New York, UTC−5)`. Built on the one formatter (./time-format.ts), so it reads as every page does.
import type { DateTimeStyleOrOptions, TimeView } from './format';
import { createTimeFormat, type TimeFormat } from './time-format';

export function zonedText(
  at: Date | string | number,
  view: TimeView & { pageLocale: string; title: string },
  style: DateTimeStyleOrOptions = 'dateTime',
) {
  const format = createTimeFormat(
    {
      locale: view.locale,
      timeZone: view.timeZone,
      source: 'chosen',
      at: new Date(at).toISOString(),
      words: { hint: '', title: view.title },
    },
    view.pageLocale,
  );
  return zonedLabel(format, at, style);
}

/**
 * The same with a page's own formatter (`getTimeFormat()` on the server, `useTimeFormat()` in the
 * browser): `at` in `style`, the zone named after it. Masked like every time while the zone is unknown.
 */
export function zonedLabel(format: TimeFormat, at: Date | string | number, style: DateTimeStyleOrOptions) {
  const zone = format.zone(at);
  return format.times.words.title.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key === 'time' ? format.dateTime(at, style) : ((zone as Record<string, string>)[key] ?? whole),
  );
}
