// The locale dates are written in: the page's language with the viewer's region, so 12 or 24 hours and
// the order of day and month follow where the reader is (a London reader of /en sees 17:00 and 6/12, a
// New York one 5:00 PM and 12/6), the same on every page. The server reads the region from
// Accept-Language (what the browser derives from navigator.languages) and hands the result to the
// browser with the page, so both renders agree.

/** The language tags of an Accept-Language header, most wanted first (`q=0` dropped). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag)
    .slice(0, 12);
}

/** The tag's region (`GB` of `en-GB`, `TW` of `zh-Hant-TW`), upper-cased, if it names one. */
function regionOf(tag: string) {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/** Whether the runtime has date conventions of its own for `tag` (en-GB, en-DE; not en-CN). */
function hasOwnData(tag: string) {
  try {
    return new Intl.DateTimeFormat(tag).resolvedOptions().locale === tag;
  } catch {
    return false;
  }
}

/**
 * The formatting locale for a page in `locale` read by someone whose browser prefers `languages`.
 * A page language that names its region (zh-CN, zh-TW) keeps it; one that does not (en, vi) takes the
 * region of the reader's first tag in that language (en-GB), else of their first tag with a region the
 * language has conventions for (a German reading English: en-DE), else stays as it is (en: US usage).
 */
export function formatLocaleFor(locale: string, languages: readonly string[]) {
  if (regionOf(locale)) return locale;
  const language = locale.toLowerCase();
  const sameLanguage = languages.find((tag) => tag.toLowerCase().split('-')[0] === language && regionOf(tag));
  const candidates = [
    ...(sameLanguage ? [regionOf(sameLanguage)] : []),
    ...languages.map(regionOf).filter(Boolean),
  ];
  for (const region of candidates) {
    const tag = `${locale}-${region}`;
    if (hasOwnData(tag)) return tag;
  }
  return locale;
}
