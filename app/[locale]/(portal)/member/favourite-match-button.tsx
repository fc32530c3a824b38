'use client';
// Star or unstar a match from the user centre's collection, through the same calls as the scores pages'
// star (`api/Footballuser/collect` for football and e-sports, `api/Basketballuser/collect`).
import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

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
  // 700 opens the login dialog; other refusals are toasted by the shared client.
  const star = useFormPost<{ match_id: number }, { collected: boolean }>(
    sport === 'basketball' ? 'api/Basketballuser/collect' : 'api/Footballuser/collect',
    { refusal: 'toast', onSuccess: (answer) => setStarred(answer.collected) },
  );
  const toggle = () => star.mutate({ match_id: matchId });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={star.isPending}
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
