// A delete asked for twice, for server-rendered lists: `confirming` shows the question, `remove()` calls the
// API once, toasts `done`, then reads the page's server markup again (or goes to `then`). A refusal has been
// shown by the shared API client; the buttons come back so the user can retry or cancel.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '@/lib/http/client';

export function useConfirmedDelete(path: string, id: number, done: string, then?: string) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await api.post(path, { id });
      import('sonner').then(({ toast }) => toast.success(done));
      if (then) router.push(then);
      else router.refresh();
    } catch {
      setPending(false);
    }
  };
  return { confirming, setConfirming, pending, remove };
}
