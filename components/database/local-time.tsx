'use client';

import { type DateTimeFormatOptions, useFormatter } from 'next-intl';
import { useEffect, useState } from 'react';

/**
 * A moment in the reader's own time zone. The server (and the first browser render, so hydration
 * matches) uses the portal's zone; once mounted it switches to the browser's.
 */
export function LocalTime({ iso, options }: { iso: string; options: DateTimeFormatOptions }) {
  const format = useFormatter();
  const [timeZone, setTimeZone] = useState<string>();
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <time dateTime={iso}>{format.dateTime(new Date(iso), { ...options, timeZone })}</time>;
}
