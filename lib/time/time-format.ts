// The one formatter every page uses for dates and times: the viewer's zone and formatting locale
// (lib/time/viewer-times.ts on the server, components/ui/time-view.tsx in the browser) applied to the
// named styles of lib/time/format.ts. Until the zone is known (a first visit's server render) every
// time is masked at its own width, so no page ever shows another zone's time.
import { type DateTimeStyleOrOptions, formatDay, formatInstant, maskedInstant } from './format';
import { zoneName, zoneOffsetLabel } from './zone-name';

/**
 * Whose zone a page is rendered in: one the signed-in viewer chose in the user centre, the browser's
 * (its `tz` cookie), or none yet (a first visit before the browser has said).
 */
export type ZoneSource = 'chosen' | 'browser' | 'unknown';

/** What a render needs to write times: serialisable, handed from the server to the browser. */
export type ViewerTimes = {
  /** The formatting locale: the page's language with the viewer's region (en-GB). */
  locale: string;
  /** The IANA zone times are read in (`UTC` while `source` is unknown: never shown). */
  timeZone: string;
  source: ZoneSource;
  /** The render's instant (ISO): the zone's offset for hints is the one in force then. */
  at: string;
  /**
   * The catalogue's `common.time` templates, raw: a hint (`{name} {offset}`) and a tooltip (`{time}
   * {name} {offset}`). Carried with the view so every island can say the zone whatever messages it got.
   */
  words: { hint: string; title: string };
};

type Instant = Date | string | number;

export type TimeFormat = {
  readonly times: ViewerTimes;
  /** Whether times can be shown (the zone is known). */
  readonly known: boolean;
  /** `at` in a named style, in the viewer's zone (or `options.timeZone`: a board cut in another zone). */
  dateTime(at: Instant, style: DateTimeStyleOrOptions, options?: { timeZone?: string }): string;
  /** A calendar day that is no instant (`YYYY-MM-DD`): the same day in every zone. */
  day(day: string, style: DateTimeStyleOrOptions): string;
  /** The zone's name and offset at `at` (default: the render's instant): `北京时间`, `UTC+8`. */
  zone(at?: Instant): { name: string; offset: string };
  /** The hint a list or page says its times in once: `北京时间 UTC+8`, `Times in New York (UTC−5)`. */
  hint(at?: Instant): string;
  /** A single time's tooltip: the full date and time with its zone; empty while the zone is unknown. */
  title(at: Instant): string;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export function createTimeFormat(times: ViewerTimes, pageLocale = times.locale): TimeFormat {
  const known = times.source !== 'unknown';
  const view = { locale: times.locale, timeZone: times.timeZone };
  const zone = (at: Instant = times.at) => ({
    name: zoneName(times.timeZone, pageLocale),
    offset: zoneOffsetLabel(times.timeZone, at),
  });
  return {
    times,
    known,
    dateTime: (at, style, options) =>
      known
        ? formatInstant(at, style, options?.timeZone ? { ...view, timeZone: options.timeZone } : view)
        : maskedInstant(at, style, times.locale),
    day: (day, style) => formatDay(day, style, times.locale),
    zone,
    hint: (at) => fill(times.words.hint, zone(at)),
    title: (at) =>
      known ? fill(times.words.title, { ...zone(at), time: formatInstant(at, 'longDateTime', view) }) : '',
  };
}
