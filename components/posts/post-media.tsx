// A post's media: a grid of 1–4 images (a click opens the lightbox) or one video played natively
// with its poster frame; only its metadata loads until the viewer plays it. Markup only: it renders
// on the server for the first page and in the browser for later pages.
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { LightboxGroup } from './lightbox-group';
import type { PostItem } from './types';

const GRID: Record<number, string> = {
  1: 'grid-cols-1 max-w-[360px]',
  2: 'grid-cols-2 max-w-[400px]',
  3: 'grid-cols-3 max-w-[540px]',
  4: 'grid-cols-2 max-w-[400px]',
};

export function PostMedia({
  post,
  compact = false,
}: {
  post: Pick<PostItem, 'images' | 'video'>;
  compact?: boolean;
}) {
  const t = useTranslations('posts');
  if (post.video) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded clips come without a caption file
      <video
        controls
        preload="metadata"
        poster={post.video.poster}
        src={post.video.url}
        width={post.video.width}
        height={post.video.height}
        className={cn(
          'block h-auto w-auto rounded-lg bg-night object-contain',
          compact ? 'max-h-40 max-w-72' : 'max-h-[360px] max-w-full',
        )}
        data-testid="post-video"
      />
    );
  }
  if (post.images.length === 0) return null;
  return (
    <LightboxGroup images={post.images}>
      <ul
        className={cn('grid gap-1.5', compact ? 'max-w-[320px] grid-cols-4' : GRID[post.images.length])}
        data-testid="post-images"
      >
        {post.images.map((src, index) => (
          <li key={src}>
            <button
              type="button"
              data-index={index}
              className="block aspect-square w-full overflow-hidden rounded-md border border-line bg-canvas focus-visible:ring-2 focus-visible:ring-brand-400"
            >
              <img
                src={src}
                alt={t('imageAlt', { index: index + 1 })}
                loading="lazy"
                className="size-full object-cover transition-transform hover:scale-[1.03]"
              />
            </button>
          </li>
        ))}
      </ul>
    </LightboxGroup>
  );
}
