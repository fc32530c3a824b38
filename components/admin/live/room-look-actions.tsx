// Take a room's title or cover down from the console (lib/moderation/room-look.ts): each with a reason the
// anchor is told; the room falls back to its default title or the anchor's default cover. Server markup
// around the console's reason dialog.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';

export function RoomLookActions({
  roomId,
  hasTitle,
  hasCover,
  reasons,
}: {
  roomId: number;
  hasTitle: boolean;
  hasCover: boolean;
  reasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.live');
  return (
    <>
      {(
        [
          ['Title', hasTitle],
          ['Cover', hasCover],
        ] as const
      ).map(([part, present]) =>
        present ? (
          <ReasonDialog
            key={part}
            trigger={
              <Button
                size="sm"
                variant="secondary"
                className="whitespace-nowrap"
                data-testid={`remove-${part.toLowerCase()}-${roomId}`}
              >
                {t(`remove${part}`)}
              </Button>
            }
            title={t(`remove${part}Title`)}
            description={t(`remove${part}Hint`)}
            reasons={reasons}
            confirmLabel={t(`remove${part}`)}
            tone="danger"
            post={{ path: `api/admin/live/remove${part}`, body: { room_id: roomId } }}
          />
        ) : null,
      )}
    </>
  );
}
