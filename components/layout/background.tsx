import { Toaster } from 'sonner';
import { HornBanner } from '@/components/horn/horn-banner';
import { GoalPopup } from '@/components/scores/goal-popup';
import { BalancePushes } from '@/components/wallet/balance-pushes';
import type { StoredUser } from '@/lib/store/atoms';
import { PopupHost } from './popup-host';
import { ReloginHost } from './relogin-host';
import { Startup } from './startup';

export default function Background({
  mobileSiteUrl,
  user,
}: {
  mobileSiteUrl?: string;
  user: StoredUser | null;
}) {
  return (
    <>
      <Startup mobileSiteUrl={mobileSiteUrl} user={user} />
      <PopupHost />
      <ReloginHost />
      <GoalPopup signedIn={user !== null} />
      <HornBanner />
      {user ? <BalancePushes userId={user.id} /> : null}
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
