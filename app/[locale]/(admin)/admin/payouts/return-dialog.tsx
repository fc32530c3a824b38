// Returns one approved withdrawal whose payment failed (退回): a reason code and the clerk's own words;
// the withdrawal is refused and its diamonds go back to the earner, who is told why. The API's refusal
// (already returned, paid meanwhile) shows in the dialog. Server markup around the console's reason dialog.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';

export function ReturnDialog({
  id,
  reference,
  amount,
  reasons,
}: {
  id: number;
  reference: string;
  amount: number;
  reasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.payouts');
  return (
    <ReasonDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          className="text-live hover:text-live"
          data-testid={`payout-return-${id}`}
        >
          {t('return')}
        </Button>
      }
      title={t('returnTitle', { reference })}
      description={t('returnHint', { amount })}
      reasons={reasons}
      confirmLabel={t('returnConfirm')}
      tone="danger"
      post={{ path: 'api/admin/withdrawals/return', body: { id } }}
    />
  );
}
