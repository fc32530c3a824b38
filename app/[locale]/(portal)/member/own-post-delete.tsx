'use client';
// The delete of one of the anchor's own posts in the anchor centre; it asks first.
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';

export function OwnPostDelete({ id }: { id: number }) {
  const t = useTranslations('posts');
  const { confirming, setConfirming, pending, remove } = useConfirmedDelete(
    'api/anchor_dynamics/deletePost',
    id,
    t('deleted'),
  );
  return confirming ? (
    <div
      role="alertdialog"
      aria-labelledby={`delete-${id}`}
      className="w-64 space-y-2 rounded-md bg-brand-50 p-3"
    >
      <p id={`delete-${id}`} className="text-sm text-ink-900">
        {t('deleteConfirm')}
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={remove} disabled={pending}>
          {t('delete')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  ) : (
    <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
      <Trash2 aria-hidden className="size-4" />
      {t('delete')}
    </Button>
  );
}
