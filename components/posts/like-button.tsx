'use client';
// A like toggle for a post, a comment or a video, and a video's favourite (收藏) the same way: the count
// moves at once and rolls back if the server refuses (a guest's code 700 opens the login dialog through
// the shared client). The icon comes from the caller, so a server-rendered post ships no icon code; it
// fills when pressed (`group-aria-pressed:fill-current`).
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

type State = { liked: boolean; likes: number };
/** The favourite's answer (`api/Video_user/favorites`), read as a like's. */
type Favorite = { favorited: boolean; favorites: number };
const stateOf = (answer: State | Favorite): State =>
  'favorited' in answer ? { liked: answer.favorited, likes: answer.favorites } : answer;

export function LikeButton({
  path,
  id,
  initial,
  icon,
  size = 'md',
  label,
  testId,
}: {
  path:
    | 'api/anchor_dynamics_user/likes'
    | 'api/anchor_dynamics_user/commentLikes'
    | 'api/Video_user/likes'
    | 'api/Video_user/commentLikes'
    | 'api/Video_user/favorites';
  id: number;
  /** Pressed or not, and the count (a favourite's too). */
  initial: State;
  icon: ReactNode;
  size?: 'sm' | 'md';
  /** The button's name beside the count (default: 点赞). */
  label?: string;
  testId?: string;
}) {
  const t = useTranslations('posts');
  const [state, setState] = useState(initial);
  // A favourite is amber when pressed, not the brand's colour.
  const favorite = path === 'api/Video_user/favorites';
  const like = useFormPost<{ id: number }, State | Favorite>(path, { refusal: 'toast' });
  const toggle = () => {
    if (like.isPending) return;
    const before = state;
    setState({ liked: !before.liked, likes: before.likes + (before.liked ? -1 : 1) });
    like.mutate(
      { id },
      {
        onSuccess: (answer) => {
          const { liked, likes } = stateOf(answer);
          setState({ liked, likes });
        },
        onError: () => setState(before),
      },
    );
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={state.liked}
      data-testid={testId}
      className={cn(
        'group inline-flex items-center gap-1 rounded-md tabular-nums transition-colors',
        size === 'md' ? 'h-8 px-2.5 text-sm' : 'h-6 px-1.5 text-xs',
        favorite
          ? state.liked
            ? 'text-amber-500'
            : 'text-ink-500 hover:text-amber-500'
          : state.liked
            ? 'text-brand-600'
            : 'text-ink-500 hover:text-brand-600',
      )}
    >
      {icon}
      {/* The name says what it does and keeps the visible count in it (axe: label-content-name-mismatch). */}
      <span className="sr-only">{label ?? t('like')}</span>
      <span data-testid={testId ? `${testId}-count` : undefined}>{state.likes}</span>
    </button>
  );
}
