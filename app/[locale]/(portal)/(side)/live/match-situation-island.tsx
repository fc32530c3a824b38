'use client';
// The match situation's client part: the spoiler guard (components/live/spoiler-guard.tsx), which holds
// the match's events for the room's feed delay from the moment the page is interactive, and the moving
// panel. Most rooms are not bound to a match: the panel's code is a chunk of its own, loaded only when a
// panel is rendered, so it stays out of the room's first load.
import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { SpoilerGuard } from '@/components/live/spoiler-guard';
import { Skeleton } from '@/components/ui/skeleton';

const MatchSituationLive = dynamic(() => import('./match-situation-live'), {
  loading: () => <Skeleton className="m-4 h-64" />,
});

export function MatchSituationIsland({
  roomId,
  matchId,
  ...panel
}: ComponentProps<typeof MatchSituationLive> & { roomId: number; matchId: number }) {
  return (
    <>
      <SpoilerGuard roomId={roomId} matchId={matchId} />
      <MatchSituationLive {...panel} />
    </>
  );
}
