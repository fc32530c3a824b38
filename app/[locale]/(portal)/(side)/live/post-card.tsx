'use client';
// One streamer update: who and when, the text, images or video, the like button and the
// comment thread (its code loads when the viewer first opens it).
import { MessageSquare } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { LikeButton } from '@/components/posts/like-button';
import { PostMedia } from '@/components/posts/post-media';
import type { PostItem } from '@/components/posts/types';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

const CommentThread = dynamic(() => import('./comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-28 w-full" />,
});

export function PostCard({ post }: { post: PostItem }) {
  const t = useTranslations('posts');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const [comments, setComments] = useState(post.comments);
  return (
    <article className="flex gap-3 px-5 py-4" data-testid="post" data-post-id={post.id}>
      <img
        src={post.author.avatar}
        alt=""
        width={40}
        height={40}
        className="size-10 shrink-0 rounded-full border border-line bg-canvas"
      />
      <div className="min-w-0 flex-1 space-y-2.5">
        <p className="flex items-center gap-2 text-sm">
          <span className="font-medium text-ink-900">{post.author.nickname}</span>
          <span className="rounded bg-brand-50 px-1.5 text-xs leading-5 text-brand-600">
            {t('anchorBadge')}
          </span>
          <time dateTime={post.created_at} className="text-xs text-ink-500 tabular-nums">
            {format.dateTime(new Date(post.created_at), { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </p>
        {post.content ? (
          <p
            className="whitespace-pre-wrap break-words text-sm leading-6 text-ink-900"
            data-testid="post-text"
          >
            {post.content}
          </p>
        ) : null}
        <PostMedia post={post} />
        <div className="-ml-2.5 flex items-center gap-1">
          <LikeButton
            path="api/anchor_dynamics_user/likes"
            id={post.id}
            initial={{ liked: post.liked, likes: post.likes }}
            testId="post-like"
          />
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            className={cn(
              'inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm tabular-nums transition-colors',
              open ? 'text-brand-600' : 'text-ink-500 hover:text-brand-600',
            )}
            data-testid="post-comments-toggle"
          >
            <MessageSquare aria-hidden className="size-4" />
            {open ? t('hideComments') : t('commentsToggle', { count: comments })}
          </button>
        </div>
        {open ? <CommentThread postId={post.id} onAdded={() => setComments((count) => count + 1)} /> : null}
      </div>
    </article>
  );
}
