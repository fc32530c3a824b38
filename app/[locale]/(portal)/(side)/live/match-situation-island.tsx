'use client';
// Most rooms are not bound to a match: the match situation's client code is a chunk of its own,
// loaded only when a panel is rendered, so it stays out of the room's first load.
import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

export const MatchSituationLive = dynamic(() => import('./match-situation-live'), {
  loading: () => <Skeleton className="m-4 h-64" />,
});
