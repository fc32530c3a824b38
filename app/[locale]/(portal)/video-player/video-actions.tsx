'use client';
// Like and favourite a video: counts move at once and roll back if refused (a guest's code 700 opens
// the login dialog through the shared client).
import { Star } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

type Favorite = { favorited: boolean; favorites: number };

export function VideoActions({
  id,
  liked,
  likes,
  favorited,
  favorites,
}: {
  id: number;
  liked: boolean;
  likes: number;
  favorited: boolean;
  favorites: number;
}) {
  const t = useTranslations('videos');
  const [favorite, setFavorite] = useState<Favorite>({ favorited, favorites });
  const favoriting = useFormPost<{ id: number }, Favorite>('api/Video_user/favorites', { refusal: 'toast' });
  const toggleFavorite = () => {
    if (favoriting.isPending) return;
    const before = favorite;
    setFavorite({ favorited: !before.favorited, favorites: before.favorites + (before.favorited ? -1 : 1) });
    favoriting.mutate({ id }, { onSuccess: setFavorite, onError: () => setFavorite(before) });
  };
  return (
    <div className="flex items-center gap-1">
      <LikeButton
        path="api/Video_user/likes"
        id={id}
        initial={{ liked, likes }}
        icon={<LikeIcon />}
        testId="video-like"
      />
      <button
        type="button"
        onClick={toggleFavorite}
        aria-pressed={favorite.favorited}
        data-testid="video-favorite"
        className={cn(
          'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm tabular-nums transition-colors',
          favorite.favorited ? 'text-amber-500' : 'text-ink-500 hover:text-amber-500',
        )}
      >
        <Star aria-hidden className="size-4" fill={favorite.favorited ? 'currentColor' : 'none'} />
        {/* The name includes the visible count (WCAG 2.5.3): "收藏 3". */}
        <span className="sr-only">{t('favorite')}</span>
        <span data-testid="video-favorite-count">{favorite.favorites}</span>
      </button>
    </div>
  );
}
