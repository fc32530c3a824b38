'use client';
// An article's comments: lib/posts' thread (newest / hot, one level of replies, comment likes), open
// from the start; its code loads after the article.
import dynamic from 'next/dynamic';
import { PostViewerProvider } from '@/components/posts/post-viewer';
import { Skeleton } from '@/components/ui/skeleton';

const CommentThread = dynamic(() => import('@/components/posts/comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

export function ArticleComments({ id, viewerId }: { id: number; viewerId: number | null }) {
  return (
    <PostViewerProvider viewerId={viewerId}>
      <CommentThread postId={id} onAdded={() => undefined} onRemoved={() => undefined} />
    </PostViewerProvider>
  );
}
