// Tells the server the browser's zone before anything is painted. An inline script at the top of
// <head> (it runs before the body is parsed) compares the browser's zone with the `tz` cookie; when the
// cookie is missing or stale it writes it, and when this page was rendered in no zone or another one
// (a first visit, a laptop that travelled) and the viewer chose none in the user centre, it stops this
// document and loads it again: the viewer's first paint is already in their zone. The server's first
// answer carries only masked times (lib/time/time-format.ts), so no other zone's time is ever on the
// page, not even for a moment. Once per zone and tab (sessionStorage) and only when the cookie stuck:
// a refused cookie or a zone the server does not know never loops (the page then fills its masked
// times after hydration, components/ui/time-view.tsx).
import { headers } from 'next/headers';
import { NONCE_HEADER } from '@/lib/http/security-headers';
import type { ViewerTimes } from '@/lib/time/time-format';
import { TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_MAX_AGE } from '@/lib/time/zone';

const RELOADED_KEY = 'tz-reloaded';

/** The script's source, with the render's zone and how it was chosen (tested in lib/time). */
export function zoneScript({ timeZone, source }: Pick<ViewerTimes, 'timeZone' | 'source'>) {
  const rendered = source === 'unknown' ? '' : timeZone;
  return `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var v=encodeURIComponent(z),re=/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/,c=document.cookie.match(re);if(c&&c[1]===v&&${JSON.stringify(rendered)})return;document.cookie=${JSON.stringify(`${TIME_ZONE_COOKIE}=`)}+v+${JSON.stringify(`; path=/; max-age=${TIME_ZONE_COOKIE_MAX_AGE}; samesite=lax`)};if(${JSON.stringify(source)}==="chosen"||${JSON.stringify(rendered)}===z)return;c=document.cookie.match(re);if(!c||c[1]!==v)return;try{if(sessionStorage.getItem(${JSON.stringify(RELOADED_KEY)})===z)return;sessionStorage.setItem(${JSON.stringify(RELOADED_KEY)},z)}catch(e){}window.stop();location.reload()}catch(e){}})()`;
}

export async function ZoneScript({ times }: { times: Pick<ViewerTimes, 'timeZone' | 'source'> }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, no viewer text in it.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zoneScript(times) }} />;
}
