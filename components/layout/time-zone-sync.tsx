'use client';
// Tells the server the browser's zone. A first visit is rendered in the portal's zone (TIME_ZONE); when
// the browser's differs, its zone goes into the `tz` cookie and the page is rendered once more, so every
// later page (server and browser alike) shows the viewer's own times. Once per zone and tab: a cookie
// the browser refuses, or a zone the server does not know, never turns into a reload loop.
import { useRouter } from 'next/navigation';
import { useTimeZone } from 'next-intl';
import { useEffect } from 'react';
import { cookieValue } from '@/lib/cookies';
import { isTimeZone, TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_MAX_AGE } from '@/lib/time/zone';

const REFRESHED_KEY = 'tz-refreshed';

export function TimeZoneSync() {
  const rendered = useTimeZone();
  const router = useRouter();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser || browser === rendered || !isTimeZone(browser)) return;
    const value = encodeURIComponent(browser);
    document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=${TIME_ZONE_COOKIE_MAX_AGE}; samesite=lax`;
    if (cookieValue(document.cookie, TIME_ZONE_COOKIE) !== value) return;
    try {
      if (sessionStorage.getItem(REFRESHED_KEY) === browser) return;
      sessionStorage.setItem(REFRESHED_KEY, browser);
    } catch {
      // No session storage (privacy mode): the cookie check above is the only guard, and it held.
    }
    router.refresh();
  }, [rendered, router]);
  return null;
}
