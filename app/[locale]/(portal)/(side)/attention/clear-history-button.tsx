'use client';
// Empties the watch history (`api/User/watchlistDelete`), then shows the page again without it.
import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

export function ClearHistoryButton({ label, done }: { label: string; done: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const clear = async () => {
    setPending(true);
    try {
      const { api } = await import('@/lib/http/client');
      await api.post('api/User/watchlistDelete', {});
      import('sonner').then(({ toast }) => toast.success(done));
      router.refresh();
    } catch {
      // The shared client has already shown the error.
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      onClick={clear}
      disabled={pending}
      className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm text-ink-500 hover:bg-canvas hover:text-ink-900 disabled:opacity-50"
    >
      <Trash2 aria-hidden className="size-4" />
      {label}
    </button>
  );
}
