// The viewer's zone and formatting locale in the browser: the server's own (lib/time/viewer-zone.ts),
// handed down by the layout (through components/layout/providers.tsx), so the browser writes every time
// as the server did and hydration agrees. A page rendered before the browser said its zone (a refused
// cookie: components/layout/zone-script.tsx reloads every other first visit before it paints) hydrates
// with its masked times, then fills them in the browser's own zone.
import { useLocale } from 'next-intl';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { createTimeFormat, type ViewerTimes } from '@/lib/time/time-format';
import { isTimeZone } from '@/lib/time/zone';

const TimeViewContext = createContext<ViewerTimes | null>(null);

const subscribeNever = () => () => {};
const browserZone = () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
};
const noZoneOnServer = () => null;

export function TimeViewProvider({ times, children }: { times: ViewerTimes; children: ReactNode }) {
  // null during hydration (as the server rendered), the browser's zone right after.
  const browser = useSyncExternalStore(subscribeNever, browserZone, noZoneOnServer);
  const value = useMemo<ViewerTimes>(
    () =>
      times.source === 'unknown' && browser ? { ...times, timeZone: browser, source: 'browser' } : times,
    [times, browser],
  );
  return <TimeViewContext.Provider value={value}>{children}</TimeViewContext.Provider>;
}

/** The one formatter for client components: `useTimeFormat().dateTime(at, 'kickoff')`. */
export function useTimeFormat() {
  const times = useContext(TimeViewContext);
  const locale = useLocale();
  if (!times) throw new Error('useTimeFormat needs the layout’s TimeViewProvider');
  return useMemo(() => createTimeFormat(times, locale), [times, locale]);
}
