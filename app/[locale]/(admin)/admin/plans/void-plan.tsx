// Voids a plan not yet released, with a reason (a code and words): every held purchase is refunded, the
// expert and any disputers are told, and the reason is shown on the plan. Server markup around the
// console's reason dialog, which posts the decision.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';

export function VoidPlan({
  id,
  title,
  reasons,
}: {
  id: number;
  title: string;
  reasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.plans');
  return (
    <ReasonDialog
      trigger={
        <Button
          size="sm"
          variant="ghost"
          className="text-live hover:text-live"
          data-testid={`void-plan-${id}`}
        >
          {t('void')}
        </Button>
      }
      title={t('voidTitle', { title })}
      description={t('voidHint')}
      reasons={reasons}
      confirmLabel={t('void')}
      tone="danger"
      post={{ path: 'api/admin/expertPlan/void', body: { id } }}
    />
  );
}
