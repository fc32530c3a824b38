'use client';
// A post's comments open from the start (news articles, circle posts): lib/posts' thread (newest / hot,
// one level of replies, comment likes); its code loads after the post.
import dynamic from 'next/dynamic';
import { PostViewerProvider } from '@/components/posts/post-viewer-context';
import { Skeleton } from '@/components/ui/skeleton';

const CommentThread = dynamic(() => import('@/components/posts/comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

export function PostComments({ id, viewerId }: { id: number; viewerId: number | null }) {
  return (
    <PostViewerProvider viewerId={viewerId}>
      <CommentThread postId={id} onAdded={() => undefined} onRemoved={() => undefined} />
    </PostViewerProvider>
  );
}
