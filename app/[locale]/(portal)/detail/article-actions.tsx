'use client';
// The article's like button, and its reading record: one `Headlines_user/insert` once the page shows.
import { useEffect } from 'react';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';
import { api } from '@/lib/http/client';

export function ArticleActions({ id, initial }: { id: number; initial: { liked: boolean; likes: number } }) {
  useEffect(() => {
    api.get('api/Headlines_user/insert', { id }).catch(() => undefined);
  }, [id]);
  return (
    <LikeButton
      path="api/anchor_dynamics_user/likes"
      id={id}
      initial={initial}
      icon={<LikeIcon />}
      testId="news-like"
    />
  );
}
