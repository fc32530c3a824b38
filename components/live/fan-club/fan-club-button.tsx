'use client';
// 粉丝团 beside the follow button: opens the club's dialog (loaded on the first click) and, for a
// signed-in viewer who is a member, beats `api/fansclub_user/watch` every minute so watch time earns
// intimacy (the server counts only time between beats ≤ 150 s apart, while the room is live, capped
// per day). A viewer who is not a member stops beating after the first answer, until they join.
import { HeartHandshake } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { roomSheetAtom, useRoomSheet } from '@/components/live/phone/room-sheets';
import { appStore, openLoginDialog } from '@/lib/store/atoms';
import type { FanStanding } from './fan-club-dialog';

const FanClubDialog = dynamic(() => import('./fan-club-dialog'), { ssr: false });

export const WATCH_BEAT_MS = 60_000;

export function FanClubButton({
  anchorId,
  roomId,
  viewerId,
}: {
  anchorId: number;
  roomId: number;
  viewerId: number | null;
}) {
  const t = useTranslations('fanClub');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // undefined: not known yet; null: not a member.
  const [standing, setStanding] = useState<FanStanding | undefined>(undefined);
  const beats = viewerId !== null && viewerId !== anchorId;

  const beat = useCallback(async () => {
    const { api } = await import('@/lib/http/client');
    try {
      const answer = await api.post<{ member: boolean; mine: { level: number } | null }>(
        'api/fansclub_user/watch',
        { room_id: roomId },
        { silent: true },
      );
      setStanding(answer.mine ? { level: answer.mine.level } : null);
    } catch {
      // A missed beat only shortens the counted time; the next one tries again.
    }
  }, [roomId]);

  // Beats at once (the first beat starts a watching stretch) and every minute; a non-member's
  // answer stops it, a join starts it again.
  const stopped = standing === null;
  useEffect(() => {
    if (!beats || stopped) return;
    void beat();
    const timer = window.setInterval(() => void beat(), WATCH_BEAT_MS);
    return () => window.clearInterval(timer);
  }, [beats, stopped, beat]);

  const show = useCallback(() => {
    if (viewerId === null) {
      openLoginDialog();
      return;
    }
    setUsed(true);
    setOpen(true);
  }, [viewerId]);
  // The phone room's action strip asks for the club (its dialog is a bottom sheet there).
  const { sheet } = useRoomSheet();
  useEffect(() => {
    if (sheet !== 'fanClub') return;
    appStore.set(roomSheetAtom, null);
    show();
  }, [sheet, show]);

  return (
    <>
      <button
        type="button"
        data-testid="fan-club-open"
        onClick={show}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600"
      >
        <HeartHandshake aria-hidden className="size-4 text-brand-500" />
        {t('entry')}
        {standing ? (
          <span className="text-xs text-ink-500 tabular-nums">
            {t('levelShort', { level: standing.level })}
          </span>
        ) : null}
      </button>
      {used ? (
        <FanClubDialog
          open={open}
          onOpenChange={setOpen}
          anchorId={anchorId}
          viewerId={viewerId}
          onStanding={(next) => setStanding(next)}
        />
      ) : null}
    </>
  );
}
