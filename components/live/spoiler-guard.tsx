// No spoilers: a room bound to a match holds that match's events on this page for the anchor's feed
// delay (a room setting) plus how far this viewer's player runs behind the live edge (lib/scores/spoiler-hold).
import { useEffect } from 'react';
import { api } from '@/lib/http/client';
import { guardMatch } from '@/lib/scores/spoiler-hold';

export function SpoilerGuard({ roomId, matchId }: { roomId: number; matchId: number }) {
  useEffect(() => {
    let stop = guardMatch({ matchId, feedDelaySeconds: 0 });
    let cancelled = false;
    api
      .get<{ feed_delay_seconds: number }>('api/chat/viewerState', { room_id: roomId }, { silent: true })
      .then((state) => {
        if (cancelled) return;
        stop();
        stop = guardMatch({ matchId, feedDelaySeconds: state.feed_delay_seconds });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop();
    };
  }, [roomId, matchId]);
  return null;
}
