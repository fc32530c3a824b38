import 'server-only';
// The zone a page request is rendered in: the viewer's browser zone from its cookie, else the portal's
// configured zone (TIME_ZONE) until the browser has said (components/layout/time-zone-sync.tsx).
import { cookies } from 'next/headers';
import { getConfig } from '@/lib/config';
import { resolveTimeZone, TIME_ZONE_COOKIE } from './zone';

/** The viewer's zone for this request: the `tz` cookie when it names a known zone, else TIME_ZONE. */
export async function viewerTimeZone() {
  const stored = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  return resolveTimeZone(stored, getConfig().TIME_ZONE);
}
