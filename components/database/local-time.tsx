'use client';

import { type DateTimeFormatOptions, useFormatter } from 'next-intl';

/**
 * A moment in the reader's own time zone. The server renders it in the portal's zone; the browser
 * re-renders it in its own, so the text may differ between the two by design.
 */
export function LocalTime({ iso, options }: { iso: string; options: DateTimeFormatOptions }) {
  const format = useFormatter();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {format.dateTime(new Date(iso), options)}
    </time>
  );
}
