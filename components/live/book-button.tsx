'use client';
// Book or unbook a reserved live (spec §7 `reserveMatch`) or a match (`reserveMatch2`). A guest's
// click gets code 700, which opens the login dialog through the shared client.
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

export function BookButton({
  kind,
  id,
  initialBooked,
  labels,
}: {
  kind: 'live' | 'match';
  id: number;
  initialBooked: boolean;
  labels: { book: string; booked: string };
}) {
  const [booked, setBooked] = useState(initialBooked);
  // 700 opens the login dialog; other refusals are toasted by the shared client.
  const book = useFormPost<object, { booked: boolean }>(
    kind === 'live' ? 'api/live/reserveMatch' : 'api/live/reserveMatch2',
    { refusal: 'toast', onSuccess: (answer) => setBooked(answer.booked) },
  );
  const toggle = () => {
    const type = booked ? 0 : 1;
    book.mutate(kind === 'live' ? { id, type } : { match_id: id, type });
  };
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={book.isPending}
      aria-pressed={booked}
      data-testid={`book-${kind}`}
      className={cn(
        'inline-flex h-8 min-w-20 shrink-0 items-center justify-center rounded-md px-3 text-sm font-medium transition disabled:opacity-60',
        booked
          ? 'border border-line text-ink-500 hover:text-ink-900'
          : 'bg-brand-500 text-white hover:bg-brand-600',
      )}
    >
      {booked ? labels.booked : labels.book}
    </button>
  );
}
