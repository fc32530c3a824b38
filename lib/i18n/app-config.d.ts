// next-intl's types know the portal's date styles: `format.dateTime(at, 'dateTime')` is checked.
import type { DATE_TIME_FORMATS } from '@/lib/time/format';

declare module 'next-intl' {
  interface AppConfig {
    Formats: { dateTime: typeof DATE_TIME_FORMATS };
  }
}
