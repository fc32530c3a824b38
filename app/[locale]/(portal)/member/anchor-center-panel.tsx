// The anchor centre's room cards: live state, push settings, room texts and cover. The cards are server
// markup; the forms in them are the client leaves of anchor-center-forms.tsx.
import { ImageUp, KeyRound, Radio, Settings2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  CoverUpload,
  LiveStateControls,
  PushSettingsForm,
  type Room,
  RoomTextsForms,
} from './anchor-center-forms';
import { SectionCard, StatusPill } from './section-card';

export function AnchorCenterPanel({
  room,
  pushUrl,
  firstKey,
  categories,
}: {
  room: Room;
  pushUrl: string;
  firstKey: string | null;
  categories: { value: string; label: string }[];
}) {
  const t = useTranslations('anchorCenter');
  const tone = room.status === 'live' ? 'bad' : room.status === 'ended' ? 'neutral' : 'waiting';
  return (
    <>
      <SectionCard
        title={t('stateTitle')}
        icon={Radio}
        aside={
          <span data-testid="anchor-live-state">
            <StatusPill tone={tone}>{t(`status.${room.status}`)}</StatusPill>
          </span>
        }
      >
        <LiveStateControls room={room} />
      </SectionCard>
      <SectionCard title={t('pushTitle')} icon={KeyRound}>
        <PushSettingsForm pushUrl={pushUrl} firstKey={firstKey} />
      </SectionCard>
      <SectionCard title={t('roomTitle')} icon={Settings2}>
        <RoomTextsForms room={room} categories={categories} />
      </SectionCard>
      <SectionCard title={t('coverTitle')} icon={ImageUp}>
        <div className="flex flex-col items-start gap-5 sm:flex-row">
          <div className="flex aspect-[135/76] w-56 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-canvas">
            {room.cover ? (
              <img
                src={room.cover}
                alt={t('coverAlt')}
                className="size-full object-cover"
                data-testid="room-cover"
              />
            ) : (
              <span className="text-xs text-ink-500">{t('noCover')}</span>
            )}
          </div>
          <div className="space-y-3">
            <p className="text-sm text-ink-700">{t('coverRule')}</p>
            <CoverUpload />
          </div>
        </div>
      </SectionCard>
    </>
  );
}
