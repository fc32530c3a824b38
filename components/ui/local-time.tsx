// A moment in the viewer's zone, in one of the portal's named date styles (lib/time/format.ts). No
// client boundary of its own: in a server component it renders on the server, in a client island with
// the same zone the provider was given, so both renders read alike.
import { useFormatter } from 'next-intl';
import type { DateTimeStyle } from '@/lib/time/format';

export function LocalTime({
  at,
  style = 'dateTime',
  className,
}: {
  at: Date | string;
  style?: DateTimeStyle;
  className?: string;
}) {
  const format = useFormatter();
  const instant = new Date(at);
  return (
    <time dateTime={instant.toISOString()} className={className}>
      {format.dateTime(instant, style)}
    </time>
  );
}
