'use client';
// The content lists' bulk actions: take the picked rows down (moderators) or restore them (operators),
// each through the console's reason dialog; a refusal (nothing picked, an id gone) stays in the dialog.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { useTableSelection } from '@/components/admin/table-selection';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';

type Props = {
  kind: string;
  mayRestore: boolean;
  removeReasons: readonly ReasonOption[];
  restoreReasons: readonly ReasonOption[];
};

export function ContentActions({ kind, mayRestore, removeReasons, restoreReasons }: Props) {
  const t = useTranslations('admin.content');
  const router = useRouter();
  const { selected, clear } = useTableSelection();
  const run = (action: 'remove' | 'restore') => async (reason: DecisionReason) => {
    const { api } = await import('@/lib/http/client');
    const result = await api.post<{ done: number[]; unchanged: number[] }>(`api/admin/content/${action}`, {
      kind,
      ids: selected.map(Number),
      ...reason,
    });
    const { toast } = await import('sonner');
    toast.success(t('done', { done: result.done.length, unchanged: result.unchanged.length }));
    clear();
    router.refresh();
  };
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        trigger={
          <Button size="sm" variant="secondary" className="text-live" data-testid="content-remove">
            {t('remove')}
          </Button>
        }
        title={t('removeTitle')}
        description={t('removeHint')}
        reasons={removeReasons}
        confirmLabel={t('removeConfirm')}
        tone="danger"
        onConfirm={run('remove')}
      />
      {mayRestore ? (
        <ReasonDialog
          trigger={
            <Button size="sm" variant="secondary" data-testid="content-restore">
              {t('restore')}
            </Button>
          }
          title={t('restoreTitle')}
          description={t('restoreHint')}
          reasons={restoreReasons}
          confirmLabel={t('restoreConfirm')}
          onConfirm={run('restore')}
        />
      ) : null}
    </div>
  );
}
