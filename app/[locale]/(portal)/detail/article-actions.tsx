'use client';
// The article's like button, and its reading record: one `Headlines_user/insert` once the page shows.
import { type ReactNode, useEffect } from 'react';
import { LikeButton } from '@/components/posts/like-button';

/** `icon` is the server-rendered LikeIcon: no icon code ships with the page. */
export function ArticleActions({
  id,
  initial,
  icon,
}: {
  id: number;
  initial: { liked: boolean; likes: number };
  icon: ReactNode;
}) {
  useEffect(() => {
    // The HTTP client loads after the first paint (the first-load JS budget, DESIGN §12).
    import('@/lib/http/client')
      .then(({ api }) => api.get('api/Headlines_user/insert', { id }))
      .catch(() => undefined);
  }, [id]);
  return (
    <LikeButton
      path="api/anchor_dynamics_user/likes"
      id={id}
      initial={initial}
      icon={icon}
      testId="news-like"
    />
  );
}
