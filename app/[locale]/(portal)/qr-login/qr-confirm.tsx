'use client';
// Marks the code scanned as soon as the page opens (the desktop shows a tick), then confirms or
// declines on the user's tap.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';

type Texts = Record<
  'title' | 'body' | 'safety' | 'confirm' | 'cancel' | 'confirmed' | 'cancelled' | 'checking',
  string
>;
type State = 'checking' | 'ready' | 'confirmed' | 'cancelled' | { error: string };

export function QrConfirm({ code, avatar, texts }: { code: string; avatar: string; texts: Texts }) {
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    api
      .post('api/user/scanLoginQrcode', { code }, { silent: true })
      .then(() => setState('ready'))
      .catch((error: unknown) =>
        setState({ error: error instanceof ApiError ? error.message : String(error) }),
      );
  }, [code]);

  const sender = useFormPost<{ path: string; next: State }>(
    ({ path }) => api.post(path, { code }, { silent: true }),
    {
      onSuccess: (_, { next }) => setState(next),
      onError: (error) => setState({ error: error instanceof ApiError ? error.message : String(error) }),
    },
  );
  const answer = (path: string, next: State) => sender.mutate({ path, next });
  const busy = sender.isPending;

  if (typeof state === 'object') {
    return (
      <p role="alert" className="text-center text-sm text-live">
        {state.error}
      </p>
    );
  }
  if (state === 'confirmed' || state === 'cancelled') {
    return (
      <p role="status" className="text-center text-base font-medium text-ink-900">
        {texts[state]}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <img src={avatar} alt="" width={72} height={72} className="size-18 rounded-full bg-canvas" />
      <h1 className="text-lg font-semibold">{texts.title}</h1>
      <p className="text-sm text-ink-700">{texts.body}</p>
      <p className="text-xs text-ink-500">{texts.safety}</p>
      {state === 'checking' ? (
        <p className="text-sm text-ink-500">{texts.checking}</p>
      ) : (
        <div className="flex w-full flex-col gap-2">
          <Button
            size="lg"
            disabled={busy}
            onClick={() => answer('api/user/confirmLoginQrcode', 'confirmed')}
          >
            {texts.confirm}
          </Button>
          <Button
            size="lg"
            variant="ghost"
            disabled={busy}
            onClick={() => answer('api/user/cancelLoginQrcode', 'cancelled')}
          >
            {texts.cancel}
          </Button>
        </div>
      )}
    </div>
  );
}
