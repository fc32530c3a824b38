// What every page load starts (spec §7 "On start"): system config, customer service, pop-ups, the
// kicked-out list and the websocket, each once; plus the client-side mobile-width check.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  clearSignedInUser,
  storedTouristAccount,
  storeSignedInUser,
  storeTouristAccount,
  type TouristAccount,
} from '@/lib/accounts/browser-storage';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useRouter } from '@/lib/i18n/navigation';
import { FORCE_DESKTOP_COOKIE, isEveryWidthPage, MOBILE_MAX_WIDTH, mobileUrl } from '@/lib/mobile-redirect';
import type { RealtimeConnection } from '@/lib/realtime/client';
import type { StoredUser } from '@/lib/store/atoms';
import { useCustomerService, useKickedRooms, useSystemConfig } from '@/lib/system/queries';

function redirectNarrowViewport(mobileSiteUrl: string | undefined) {
  if (!mobileSiteUrl || document.cookie.includes(`${FORCE_DESKTOP_COOKIE}=`)) return;
  if (new URLSearchParams(window.location.search).has('desktop')) return;
  if (window.innerWidth > MOBILE_MAX_WIDTH || isEveryWidthPage(window.location.pathname)) return;
  const { pathname, search, hash } = window.location;
  window.location.replace(mobileUrl(mobileSiteUrl, pathname + search + hash));
}

/** Spec §4 guest: a tourist chat account when there is neither a user nor one already. */
async function touristAccount(): Promise<TouristAccount | null> {
  const stored = storedTouristAccount();
  if (stored) return stored;
  try {
    const account = await api.get<TouristAccount>('api/Universal/imTouristAccount', undefined, {
      silent: true,
    });
    storeTouristAccount(account);
    return account;
  } catch {
    return null;
  }
}

export function Startup({ mobileSiteUrl, user }: { mobileSiteUrl?: string; user: StoredUser | null }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: config } = useSystemConfig();
  useCustomerService();
  useKickedRooms();

  useEffect(() => redirectNarrowViewport(mobileSiteUrl), [mobileSiteUrl]);

  // The server rendered this page for `user`: keep the browser's copy in step (spec §4 logged in).
  useEffect(() => {
    if (user) storeSignedInUser(user);
    else clearSignedInUser();
  }, [user]);
  const signedIn = user !== null;

  const websocket = config?.websocket;
  const companyId = config?.company_id;
  useEffect(() => {
    if (!websocket || !companyId) return;
    // The socket client loads after the page, keeping it out of the first-load bundle.
    let connection: RealtimeConnection | undefined;
    let cancelled = false;
    Promise.all([import('@/lib/realtime/client'), signedIn ? null : touristAccount()]).then(
      ([{ connectRealtime }, tourist]) => {
        if (cancelled) return;
        connection = connectRealtime({
          url: websocket,
          companyId,
          touristId: tourist?.id,
          onReconnect: () => queryClient.invalidateQueries(),
          onKickout: (roomId) => {
            queryClient.invalidateQueries({ queryKey: queryKeys.kickedRooms });
            router.push(`/anchor?type=0&kicked=${roomId}`);
          },
        });
      },
    );
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [websocket, companyId, signedIn, queryClient, router]);

  return null;
}
