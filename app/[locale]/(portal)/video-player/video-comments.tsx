'use client';
// A video's comments: lib/posts' thread (newest / hot, one level of replies, comment likes) through the
// video calls (`api/Video/commentList`, `api/Video_user/comment|commentLikes`); its code loads after the player.
import dynamic from 'next/dynamic';
import { PostViewerProvider } from '@/components/posts/post-viewer-context';
import { Skeleton } from '@/components/ui/skeleton';

const CommentThread = dynamic(() => import('@/components/posts/comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

export function VideoComments({ id, viewerId }: { id: number; viewerId: number | null }) {
  return (
    <PostViewerProvider viewerId={viewerId}>
      <CommentThread
        postId={id}
        endpoints={{
          list: 'api/Video/commentList',
          comment: 'api/Video_user/comment',
          commentLikes: 'api/Video_user/commentLikes',
        }}
        onAdded={() => undefined}
        onRemoved={() => undefined}
      />
    </PostViewerProvider>
  );
}
