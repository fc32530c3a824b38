'use client';
// Buys a paid plan through the spend sheet (price, balance after, escrow until the grade, 不中退款 and the
// dispute window), then renders the page again: the content comes from the server, for this buyer only.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SpendConfirm } from '@/components/wallet/spend-confirm';
import { useFormPost } from '@/lib/http/use-form-post';
import { balancesChanged } from '@/lib/wallet/queries';

export function BuyPlanButton({
  id,
  title,
  price,
  refundIfLost,
  disputeHours,
}: {
  id: number;
  title: string;
  price: number;
  /** 不中退款: a miss refunds the buyer in full. */
  refundIfLost: boolean;
  /** How long after the grade a buyer may dispute it (lib/experts/plans.ts PLAN_DISPUTE_WINDOW_MS). */
  disputeHours: number;
}) {
  const t = useTranslations('experts');
  const spend = useTranslations('wallet.spend');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const buy = useFormPost<{ id: number; pay_password: string }, { balance: number }>('api/expert/plan/buy', {
    failed: spend('failed'),
    onSuccess: (bought) => {
      balancesChanged(queryClient, { star: bought.balance });
      setOpen(false);
      router.refresh();
    },
  });
  return (
    <SpendConfirm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        buy.reset();
      }}
      trigger={
        <Button size="lg" data-testid="plan-buy">
          {t('buy', { price })}
        </Button>
      }
      title={spend('titles.plan')}
      item={title}
      price={price}
      currency="star"
      terms={[
        spend('terms.planEscrow'),
        <span key="refund" data-testid="spend-refund-terms">
          {refundIfLost ? spend('terms.planRefund', { price }) : spend('terms.planNoRefund')}
        </span>,
        spend('terms.planVoid'),
        spend('terms.planDispute', { hours: disputeHours }),
      ]}
      onConfirm={(password) => buy.mutate({ id, pay_password: password })}
      pending={buy.isPending}
      error={buy.error}
    />
  );
}
