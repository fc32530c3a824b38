// The row actions of the anchor centre's video lists: delete an own video after a confirmation, publish
// a finished replay as a video. Server markup around the shared client leaves (the confirmed delete, the
// send button).
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { ConfirmedDeleteButton } from '@/components/ui/confirmed-delete-button';
import { PostButton } from '@/components/ui/post-button';

export function OwnVideoDelete({ id, title }: { id: number; title: string }) {
  const t = useTranslations('videos');
  return (
    <ConfirmedDeleteButton
      path="api/Video_user/delete"
      id={id}
      texts={{
        delete: t('delete'),
        confirm: t('deleteConfirm'),
        cancel: t('cancel'),
        deleted: t('deletedToast'),
      }}
      name={t('deleteNamed', { title })}
      inline
    />
  );
}

export function ReplayPublishButton({ broadcastId }: { broadcastId: number }) {
  const t = useTranslations('videos');
  // A refusal is toasted by the shared client; once published the button stays off until the page shows it.
  return (
    <PostButton
      path="api/Video_user/publishReplay"
      body={{ broadcast_id: broadcastId }}
      success={t('publishedToast')}
      once
      className={buttonClass('secondary', 'sm')}
    >
      {t('publishReplay')}
    </PostButton>
  );
}
