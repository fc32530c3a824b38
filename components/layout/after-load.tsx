'use client';
// Everything a page starts after it is interactive (start-up calls, websocket, pop-ups, the
// re-login prompt, toasts), in one chunk loaded after hydration so it costs no first-load JS.
import dynamic from 'next/dynamic';

const Background = dynamic(() => import('./background'), { ssr: false });

export function AfterLoad({ mobileSiteUrl }: { mobileSiteUrl?: string }) {
  return <Background mobileSiteUrl={mobileSiteUrl} />;
}
