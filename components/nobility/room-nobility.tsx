// The live room's 开通贵族 entry: the tiers, the caller's nobility and the star rate are read when the
// dialog opens; a purchase refreshes them and every balance on the page, and the room stays.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { openLoginDialog } from '@/lib/store/atoms';
import { type NobilityOffer, NobilityPurchase } from './nobility-purchase';

type GuardList = {
  list: { tier: number; code: string; monthly_price: number; renewal_price: number }[];
  months: number[];
  star_rate: number;
  mine: { tier: number; has_payment_password: boolean } | null;
};
const offerKey = ['nobility', 'offer'] as const;

export function RoomNobility({ viewerId }: { viewerId: number | null }) {
  const t = useTranslations('nobility');
  const tChat = useTranslations('chat');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const offer = useQuery({
    queryKey: [...offerKey, viewerId],
    enabled: open && viewerId !== null,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<GuardList>('api/Guard/getList');
    },
    select: (data): NobilityOffer => ({
      tiers: data.list.map((tier) => ({
        tier: tier.tier,
        name: tChat(`nobles.${tier.code}` as 'nobles.knight'),
        monthlyPrice: tier.monthly_price,
        renewalPrice: tier.renewal_price,
      })),
      months: data.months,
      currentTier: data.mine?.tier ?? 0,
      hasPaymentPassword: data.mine?.has_payment_password ?? false,
      starRate: data.star_rate,
    }),
  });
  return (
    <NobilityPurchase
      offer={offer.data}
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return openLoginDialog();
        setOpen(next);
      }}
      onBought={() => void queryClient.invalidateQueries({ queryKey: offerKey })}
      trigger={
        <Button variant="secondary" size="sm" data-testid="nobility-open">
          <Crown aria-hidden className="size-4 text-amber-500" />
          {offer.data?.currentTier ? t('renewOrUpgrade') : t('open')}
        </Button>
      }
    />
  );
}
