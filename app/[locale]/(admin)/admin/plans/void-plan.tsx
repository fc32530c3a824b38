'use client';
// Voids a plan not yet released, with a reason (a code and words): every held purchase is refunded, the
// expert and any disputers are told, and the reason is shown on the plan.
import { useRouter } from 'next/navigation';
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
  const router = useRouter();
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
      onConfirm={async (reason) => {
        const { api } = await import('@/lib/http/client');
        await api.post('api/admin/expertPlan/void', { id, ...reason }, { silent: true });
        router.refresh();
      }}
    />
  );
}
