'use client';
// One TanStack Query cache per match's live summary, patched by code-100 pushes and refetched on a
// goal or a reconnect (realtime is lossy; msgGetSimple is the truth).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { queryKeys } from '@/lib/http/query-keys';
import type { matchUpdateSchema } from '@/lib/realtime/events';
import { useRealtime } from '@/lib/realtime/use-realtime';
import type { MatchSummary } from '@/lib/scores/detail-api';
import type { Sport } from '@/lib/scores/schema';

type MatchUpdate = z.infer<typeof matchUpdateSchema>;

/** The gateway validated the push; this only picks this match out without shipping zod to the page. */
function updateFor(data: unknown, matchId: number) {
  if (!Array.isArray(data)) return undefined;
  return (data as MatchUpdate[]).find((entry) => entry && entry.match_id === matchId);
}

export function useMatchSummary(initial: MatchSummary) {
  return useQuery({
    queryKey: queryKeys.matchSummary(initial.match_id),
    // The HTTP client loads on the first refetch, keeping it out of the page's first load.
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.post<MatchSummary>('api/hot_match/msgGetSimple', { id: initial.match_id }, { silent: true });
    },
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Keeps a match's summary current while the page is open; renders nothing. */
export function MatchLiveSync({ matchId, sport }: { matchId: number; sport: Sport }) {
  const queryClient = useQueryClient();
  // Code-100 messages share one schema for the three sports, so the type narrows to no member.
  const push = useRealtime(sport) as { data: unknown } | undefined;
  const goal = useRealtime('goal');

  useEffect(() => {
    const update = push ? updateFor(push.data, matchId) : undefined;
    if (!update) return;
    const key = queryKeys.matchSummary(matchId);
    const before = queryClient.getQueryData<MatchSummary>(key);
    queryClient.setQueryData<MatchSummary>(key, (old) =>
      old
        ? {
            ...old,
            status: update.status,
            period: update.period as MatchSummary['period'],
            minute: update.minute,
            home_score: update.home_score,
            away_score: update.away_score,
          }
        : old,
    );
    // Events and statistics are not in the push: a new score or period brings them in.
    if (
      before &&
      (before.home_score !== update.home_score ||
        before.away_score !== update.away_score ||
        before.period !== update.period)
    ) {
      queryClient.invalidateQueries({ queryKey: key });
    }
  }, [push, matchId, queryClient]);

  useEffect(() => {
    if (goal?.data.match_id === matchId)
      queryClient.invalidateQueries({ queryKey: queryKeys.matchSummary(matchId) });
  }, [goal, matchId, queryClient]);

  return null;
}
