'use client';
// What every page load starts (spec §7 "On start"): system config, customer service, pop-ups, the
// kicked-out list and the websocket, each once; plus the client-side mobile-width check.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/http/query-keys';
import { useRouter } from '@/lib/i18n/navigation';
import { MOBILE_MAX_WIDTH, mobileUrl } from '@/lib/mobile-redirect';
import type { RealtimeConnection } from '@/lib/realtime/client';
import { useCustomerService, useKickedRooms, useSystemConfig } from '@/lib/system/queries';

function redirectNarrowViewport(mobileSiteUrl: string | undefined) {
  if (!mobileSiteUrl || document.cookie.includes('force_desktop=')) return;
  if (new URLSearchParams(window.location.search).has('desktop')) return;
  if (window.innerWidth > MOBILE_MAX_WIDTH) return;
  const { pathname, search, hash } = window.location;
  window.location.replace(mobileUrl(mobileSiteUrl, pathname + search + hash));
}

export function Startup({ mobileSiteUrl }: { mobileSiteUrl?: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: config } = useSystemConfig();
  useCustomerService();
  useKickedRooms();

  useEffect(() => redirectNarrowViewport(mobileSiteUrl), [mobileSiteUrl]);

  const websocket = config?.websocket;
  const companyId = config?.company_id;
  useEffect(() => {
    if (!websocket || !companyId) return;
    // The socket client loads after the page, keeping it out of the first-load bundle.
    let connection: RealtimeConnection | undefined;
    let cancelled = false;
    import('@/lib/realtime/client').then(({ connectRealtime }) => {
      if (cancelled) return;
      connection = connectRealtime({
        url: websocket,
        companyId,
        onReconnect: () => queryClient.invalidateQueries(),
        onKickout: () => {
          queryClient.invalidateQueries({ queryKey: queryKeys.kickedRooms });
          router.push('/anchor?type=0');
        },
      });
    });
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [websocket, companyId, queryClient, router]);

  return null;
}
