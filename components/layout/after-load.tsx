'use client';
// Everything a page starts after it is interactive (start-up calls, websocket, pop-ups, the
// re-login prompt, toasts), in one chunk loaded after hydration so it costs no first-load JS.
import dynamic from 'next/dynamic';
import { LoginHost } from '@/components/accounts/login-host';
import type { StoredUser } from '@/lib/store/atoms';

const Background = dynamic(() => import('./background'), { ssr: false });

export function AfterLoad({ mobileSiteUrl, user }: { mobileSiteUrl?: string; user: StoredUser | null }) {
  return (
    <>
      {/* With the page: an invite link opens the dialog 0.5 s after arrival, before this chunk runs. */}
      <LoginHost signedIn={user !== null} />
      <Background mobileSiteUrl={mobileSiteUrl} user={user} />
    </>
  );
}
