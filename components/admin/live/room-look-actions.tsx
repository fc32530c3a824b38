'use client';
// Take a room's title or cover down from the console (lib/moderation/room-look.ts): each with a reason the
// anchor is told; the room falls back to its default title or the anchor's default cover.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import type { DecisionReason } from '@/lib/admin/decision';

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
  const router = useRouter();
  const remove = (part: 'Title' | 'Cover') => async (reason: DecisionReason) => {
    const { api } = await import('@/lib/http/client');
    await api.post(`api/admin/live/remove${part}`, { room_id: roomId, ...reason }, { silent: true });
    router.refresh();
  };
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
            onConfirm={remove(part)}
          />
        ) : null,
      )}
    </>
  );
}
