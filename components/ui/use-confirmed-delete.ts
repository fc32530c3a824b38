// A delete asked for twice, for server-rendered lists: `confirming` shows the question, `remove()` calls the
// API once (useFormPost), toasts `done`, then reads the page's server markup again (or goes to `then`). A
// refusal has been shown by the shared API client; the buttons come back so the user can retry or cancel.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFormPost } from '@/lib/http/use-form-post';

export function useConfirmedDelete(path: string, id: number, done: string, then?: string) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const send = useFormPost<{ id: number }>(path, {
    refusal: 'toast',
    success: done,
    refresh: !then,
    onSuccess: () => {
      if (then) router.push(then);
    },
  });
  // Once deleted the buttons stay off until the page shows the list without the row.
  const pending = send.isPending || send.isSuccess;
  return { confirming, setConfirming, pending, remove: () => send.mutate({ id }) };
}
