'use client';
// The row actions of the anchor centre's video lists: delete an own video after a confirmation, publish
// a finished replay as a video.
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useConfirmedDelete } from '@/components/ui/use-confirmed-delete';
import { useFormPost } from '@/lib/http/use-form-post';

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
  // A refusal is toasted by the shared client; once published the button stays off until the page shows it.
  const publication = useFormPost<{ broadcast_id: number }>('api/Video_user/publishReplay', {
    refusal: 'toast',
    success: t('publishedToast'),
    refresh: true,
  });
  const pending = publication.isPending || publication.isSuccess;
  const publish = () => publication.mutate({ broadcast_id: broadcastId });
  return (
    <Button type="button" size="sm" variant="secondary" onClick={publish} disabled={pending}>
      {t('publishReplay')}
    </Button>
  );
}
