'use client';
// Deleting one's own post (or, for operators, anyone's) after a confirmation; `api/anchor_dynamics/deletePost`.
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';

export function DeletePostButton({ id, then }: { id: number; then?: string }) {
  const t = useTranslations('circle');
  const { confirming, setConfirming, pending, remove } = useConfirmedDelete(
    'api/anchor_dynamics/deletePost',
    id,
    t('deleted'),
    then,
  );
  if (!confirming) {
    return (
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={() => setConfirming(true)}
        data-testid="circle-delete"
      >
        <Trash2 aria-hidden className="size-4" />
        {t('delete')}
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-labelledby={`delete-${id}`} className="space-y-2 rounded-md bg-brand-50 p-3">
      <p id={`delete-${id}`} className="text-sm text-ink-900">
        {t('confirmDelete')}
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={remove}
          disabled={pending}
          data-testid="circle-delete-confirm"
        >
          {t('delete')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
