'use client';
// Empties the watch history (`api/User/watchlistDelete`), then shows the page again without it.
import { Trash2 } from 'lucide-react';
import { useFormPost } from '@/lib/http/use-form-post';

export function ClearHistoryButton({ label, done }: { label: string; done: string }) {
  // A refusal is toasted by the shared client.
  const clearing = useFormPost('api/User/watchlistDelete', {
    refusal: 'toast',
    success: done,
    refresh: true,
  });
  const clear = () => clearing.mutate({});
  return (
    <button
      type="button"
      onClick={clear}
      disabled={clearing.isPending}
      className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm text-ink-500 hover:bg-canvas hover:text-ink-900 disabled:opacity-50"
    >
      <Trash2 aria-hidden className="size-4" />
      {label}
    </button>
  );
}
