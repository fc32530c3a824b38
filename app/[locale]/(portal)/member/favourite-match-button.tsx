'use client';
// Star or unstar a match from the user centre's collection, through the same calls as the scores pages'
// star (`api/Footballuser/collect` for football and e-sports, `api/Basketballuser/collect`).
import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

export function FavouriteMatchButton({
  matchId,
  sport,
  labels,
}: {
  matchId: number;
  sport: 'football' | 'basketball' | 'esports';
  labels: { favourite: string; unfavourite: string };
}) {
  const [starred, setStarred] = useState(true);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const { api } = await import('@/lib/http/client');
      const path = sport === 'basketball' ? 'api/Basketballuser/collect' : 'api/Footballuser/collect';
      setStarred((await api.post<{ collected: boolean }>(path, { match_id: matchId })).collected);
    } catch {
      // 700 opens the login dialog; other refusals were shown by the shared client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={starred}
      data-testid="favourite-match"
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2.5 text-sm transition disabled:opacity-60',
        starred ? 'text-amber-500 hover:text-ink-700' : 'text-ink-500 hover:text-amber-500',
      )}
    >
      <Star aria-hidden className="size-4" fill={starred ? 'currentColor' : 'none'} />
      {starred ? labels.unfavourite : labels.favourite}
    </button>
  );
}
