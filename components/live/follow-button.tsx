'use client';
// Follow the anchor (spec §7 `api/Member/attention`). A guest's click gets code 700, which opens the
// login dialog through the shared client.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useFormPost } from '@/lib/http/use-form-post';

export function FollowButton({
  anchorId,
  initialFollowed,
  initialFans,
}: {
  anchorId: number;
  initialFollowed: boolean;
  initialFans: number;
}) {
  const t = useTranslations('live');
  const [state, setState] = useState({ followed: initialFollowed, fans: initialFans });
  // 700 opens the login dialog; other refusals are toasted by the shared client.
  const follow = useFormPost<{ anchor_id: number; type: 0 | 1 }, { followed: boolean; fans: number }>(
    'api/Member/attention',
    { refusal: 'toast', onSuccess: setState },
  );
  const toggle = () => follow.mutate({ anchor_id: anchorId, type: state.followed ? 0 : 1 });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={follow.isPending}
      aria-pressed={state.followed}
      className={
        state.followed
          ? 'inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-500 hover:text-ink-900'
          : 'inline-flex h-8 items-center gap-1.5 rounded-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600'
      }
    >
      {state.followed ? t('following') : t('follow')}
      <span className="tabular-nums opacity-80">{state.fans}</span>
    </button>
  );
}
