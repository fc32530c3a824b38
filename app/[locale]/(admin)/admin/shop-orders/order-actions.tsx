// An exchange order's next step (ship, then deliver) and its cancellation with a reason: server markup
// around the shared send button and the console's reason dialog, each posting to the order's status route.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-styles';
import { PostButton } from '@/components/ui/post-button';

type Status = 'pending' | 'shipped' | 'delivered' | 'cancelled';

const STATUS_PATH = 'api/admin/goods/exchangeStatus';

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
  if (status === 'delivered' || status === 'cancelled') return null;
  return (
    <div className="flex flex-wrap gap-1">
      <PostButton
        path={STATUS_PATH}
        body={{ id, status: status === 'pending' ? 'shipped' : 'delivered' }}
        className={buttonClass('ghost', 'sm')}
      >
        {status === 'pending' ? t('ship') : t('deliver')}
      </PostButton>
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
        post={{ path: STATUS_PATH, body: { id, status: 'cancelled' } }}
      />
    </div>
  );
}
