'use client';
// A moment in the viewer's zone, in one of the portal's named date styles (lib/time/format.ts), with the
// full date, time and zone in its tooltip. A client component (server pages render it too): it reads
// the layout's time view, the same the server used, so both renders read alike.
import type { DateTimeStyle } from '@/lib/time/format';
import { useTimeFormat } from './time-view';

export function LocalTime({
  at,
  style = 'dateTime',
  className,
}: {
  at: Date | string;
  style?: DateTimeStyle;
  className?: string;
}) {
  const format = useTimeFormat();
  const instant = new Date(at);
  return (
    <time dateTime={instant.toISOString()} className={className} title={format.title(instant) || undefined}>
      {format.dateTime(instant, style)}
    </time>
  );
}
