'use client';
// A moment in the reader's own time zone: the server renders its zone, the browser corrects it.
import { useLocale } from 'next-intl';

const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  shortDateTime: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export function LocalTime({ value, format = 'dateTime' }: { value: string; format?: keyof typeof STYLES }) {
  const locale = useLocale();
  return (
    <time dateTime={value} suppressHydrationWarning>
      {new Intl.DateTimeFormat(locale, STYLES[format]).format(new Date(value))}
    </time>
  );
}
