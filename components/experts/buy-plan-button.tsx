'use client';
// Buys a paid plan (star diamonds into escrow until the grade), then renders the page again: the content
// comes from the server, for this buyer only.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/http/client';
import { balancesChanged } from '@/lib/wallet/queries';

export function BuyPlanButton({ id, price }: { id: number; price: number }) {
  const t = useTranslations('experts');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const buy = () =>
    startTransition(async () => {
      try {
        const bought = await api.post<{ balance: number }>('api/expert/plan/buy', { id });
        balancesChanged(queryClient, { star: bought.balance });
        router.refresh();
      } catch {
        // The client showed the server's message (a toast, or the login dialog).
      }
    });
  return (
    <Button onClick={buy} disabled={pending} size="lg" data-testid="plan-buy">
      {pending ? t('buying') : t('buy', { price })}
    </Button>
  );
}
