'use client';
// The row actions of the anchor centre's video lists: delete an own video after a confirmation, publish
// a finished replay as a video.
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';
import { api } from '@/lib/http/client';

export function OwnVideoDelete({ id, title }: { id: number; title: string }) {
  const t = useTranslations('videos');
  const { confirming, setConfirming, pending, remove } = useConfirmedDelete(
    'api/Video_user/delete',
    id,
    t('deletedToast'),
  );
  return confirming ? (
    <div role="alertdialog" aria-label={t('deleteConfirm')} className="flex items-center gap-1.5 text-xs">
      <span className="text-ink-700">{t('deleteConfirm')}</span>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        onClick={remove}
        disabled={pending}
        className="text-live"
      >
        {t('delete')}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        {t('cancel')}
      </Button>
    </div>
  ) : (
    <Button
      type="button"
      size="sm"
      variant="ghost"
      onClick={() => setConfirming(true)}
      aria-label={t('deleteNamed', { title })}
    >
      <Trash2 aria-hidden className="size-4" />
      {t('delete')}
    </Button>
  );
}

export function ReplayPublishButton({ broadcastId }: { broadcastId: number }) {
  const t = useTranslations('videos');
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const publish = async () => {
    setPending(true);
    try {
      await api.post('api/Video_user/publishReplay', { broadcast_id: broadcastId });
      import('sonner').then(({ toast }) => toast.success(t('publishedToast')));
      router.refresh();
    } catch {
      setPending(false);
    }
  };
  return (
    <Button type="button" size="sm" variant="secondary" onClick={publish} disabled={pending}>
      {t('publishReplay')}
    </Button>
  );
}
