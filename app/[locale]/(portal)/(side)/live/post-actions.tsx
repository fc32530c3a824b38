'use client';
// A post's like button and comment toggle; the thread's code loads when it is first opened (told who
// is reading, for its comments' report buttons).
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { LikeButton } from '@/components/posts/like-button';
import { PostViewerProvider } from '@/components/posts/post-viewer-context';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

const CommentThread = dynamic(() => import('@/components/posts/comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-28 w-full" />,
});

export function PostActions({
  postId,
  viewerId,
  initial,
  likeIcon,
  commentIcon,
}: {
  postId: number;
  viewerId: number | null;
  initial: { liked: boolean; likes: number; comments: number };
  likeIcon: ReactNode;
  commentIcon: ReactNode;
}) {
  const t = useTranslations('posts');
  const [open, setOpen] = useState(false);
  const [comments, setComments] = useState(initial.comments);
  return (
    <>
      <div className="-ml-2.5 flex items-center gap-1">
        <LikeButton
          path="api/anchor_dynamics_user/likes"
          id={postId}
          initial={initial}
          icon={likeIcon}
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
          {commentIcon}
          {open ? t('hideComments') : t('commentsToggle', { count: comments })}
        </button>
      </div>
      {open ? (
        <PostViewerProvider viewerId={viewerId}>
          <CommentThread
            postId={postId}
            onAdded={() => setComments((count) => count + 1)}
            onRemoved={(removed) => setComments((count) => Math.max(0, count - removed))}
          />
        </PostViewerProvider>
      ) : null}
    </>
  );
}
