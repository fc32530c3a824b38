'use client';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/http/client';

export function FollowExpertButton({
  id,
  initial,
}: {
  id: number;
  initial: { following: boolean; followers: number };
}) {
  const t = useTranslations('experts');
  const [state, setState] = useState(initial);
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      try {
        setState(await api.post<typeof initial>('api/expert/follow', { id, follow: !state.following }));
      } catch {
        // Shown by the client (a toast, or the login dialog).
      }
    });
  return (
    <div className="flex items-center gap-3">
      <Button
        variant={state.following ? 'secondary' : 'primary'}
        onClick={toggle}
        disabled={pending}
        data-testid="expert-follow"
      >
        {state.following ? t('following') : t('follow')}
      </Button>
      <span className="text-sm tabular-nums text-ink-500">{t('followers', { count: state.followers })}</span>
    </div>
  );
}
