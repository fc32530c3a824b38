'use client';
import { Toaster } from 'sonner';
import { PopupHost } from './popup-host';
import { ReloginHost } from './relogin-host';
import { Startup } from './startup';

export default function Background({ mobileSiteUrl }: { mobileSiteUrl?: string }) {
  return (
    <>
      <Startup mobileSiteUrl={mobileSiteUrl} />
      <PopupHost />
      <ReloginHost />
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
