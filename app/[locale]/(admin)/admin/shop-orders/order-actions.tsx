'use client';
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';
import { useFormPost } from '@/lib/http/use-form-post';

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
  const move = useFormPost<Move>(
    ({ status: next, reason }) =>
      import('@/lib/http/client').then(({ api }) =>
        api.post('api/admin/goods/exchangeStatus', { id, status: next, ...reason }),
      ),
    { refresh: true },
  );
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
