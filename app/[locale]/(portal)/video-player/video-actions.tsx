// Like and favourite a video: counts move at once and roll back if refused (a guest's code 700 opens
// the login dialog through the shared client). Server markup: both are the shared like toggle.
import { Star } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';

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
  return (
    <div className="flex items-center gap-1">
      <LikeButton
        path="api/Video_user/likes"
        id={id}
        initial={{ liked, likes }}
        icon={<LikeIcon />}
        testId="video-like"
      />
      {/* The name includes the visible count (WCAG 2.5.3): "收藏 3". */}
      <LikeButton
        path="api/Video_user/favorites"
        id={id}
        initial={{ liked: favorited, likes: favorites }}
        icon={<Star aria-hidden className="size-4 group-aria-pressed:fill-current" />}
        label={t('favorite')}
        testId="video-favorite"
      />
    </div>
  );
}
