// The live room's gift bar (spec §2 gift list, backpack), below the player: the server reads the
// catalog, the viewer's balances, the room's latest gifts and the operator's confirmation threshold; the
// bar, its ticker, the contribution ranking and the effects over the video are one client island with this
// page's gift texts only. On a phone the bar is a sheet and the ranking has the room's 排行 tab.
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import { PhoneRanking } from '@/components/live/phone/phone-ranking';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { GIFT_COUNTS, listGifts, recentRoomGifts } from '@/lib/gifts/service';
import type { Locale } from '@/lib/i18n/routing';
import { effectiveSettings } from '@/lib/system/settings';
import { walletBalancesOf } from '@/lib/wallet/balance-shape';
import { balancesOf } from '@/lib/wallet/ledger';
import { GiftBar } from './gift-bar';

export async function GiftPanel({ roomId, anchorId }: { roomId: number; anchorId: number }) {
  const [locale, messages, viewer] = await Promise.all([getLocale(), getMessages(), currentUser()]);
  const db = getDb();
  const [gifts, recent, balances] = await Promise.all([
    listGifts(db, locale as Locale),
    recentRoomGifts(db, roomId),
    viewer ? balancesOf(db, viewer.id) : null,
  ]);
  return (
    <NextIntlClientProvider locale={locale} messages={{ gifts: messages.gifts, wallet: messages.wallet }}>
      <GiftBar
        roomId={roomId}
        anchorId={anchorId}
        viewerId={viewer?.id ?? null}
        gifts={gifts}
        counts={[...GIFT_COUNTS]}
        recent={recent}
        balances={balances && walletBalancesOf(balances)}
        confirmAt={effectiveSettings().giftConfirmStars}
      />
      <PhoneRanking roomId={roomId} />
    </NextIntlClientProvider>
  );
}
