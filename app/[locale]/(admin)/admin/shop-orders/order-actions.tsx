'use client';
// The next move of a physical exchange: ship a pending one, mark a shipped one delivered, or cancel it
// before delivery (the coins go back to the person) — a cancellation through the console's reason dialog,
// its reason kept in the audit log. Moves send through a TanStack mutation.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';

type Status = 'pending' | 'shipped' | 'delivered' | 'cancelled';
type Move = { status: 'shipped' | 'delivered' | 'cancelled'; reason?: DecisionReason };

export function OrderActions({
  id,
  status,
  cancelReasons,
}: {
  id: number;
  status: Status;
  cancelReasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.catalog.orders');
  const router = useRouter();
  const move = useMutation({
    mutationFn: async ({ status: next, reason }: Move) => {
      const { api } = await import('@/lib/http/client');
      return api.post('api/admin/goods/exchangeStatus', { id, status: next, ...reason });
    },
    onSuccess: () => router.refresh(),
  });
  if (status === 'delivered' || status === 'cancelled') return null;
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="sm"
        variant="ghost"
        disabled={move.isPending}
        onClick={() => move.mutate({ status: status === 'pending' ? 'shipped' : 'delivered' })}
      >
        {status === 'pending' ? t('ship') : t('deliver')}
      </Button>
      <ReasonDialog
        trigger={
          <Button
            size="sm"
            variant="ghost"
            className="text-live hover:text-live"
            data-testid={`order-cancel-${id}`}
          >
            {t('cancel')}
          </Button>
        }
        title={t('cancel')}
        description={t('cancelConfirm')}
        reasons={cancelReasons}
        confirmLabel={t('cancel')}
        tone="danger"
        onConfirm={async (reason) => {
          await move.mutateAsync({ status: 'cancelled', reason });
        }}
      />
    </div>
  );
}
