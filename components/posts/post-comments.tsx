'use client';
// A post's comments open from the start (news articles, circle posts, videos): lib/posts' thread (newest /
// hot, one level of replies, comment likes); its code loads after the post. Videos pass their own calls
// (`api/Video/commentList`, `api/Video_user/comment|commentLikes`).
import dynamic from 'next/dynamic';
import type { ThreadEndpoints } from '@/components/posts/comment-thread';
import { PostViewerProvider } from '@/components/posts/post-viewer-context';
import { Skeleton } from '@/components/ui/skeleton';

const CommentThread = dynamic(() => import('@/components/posts/comment-thread'), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});

export function PostComments({
  id,
  viewerId,
  endpoints,
}: {
  id: number;
  viewerId: number | null;
  /** The thread's calls when they are not the posts' own (a video's). */
  endpoints?: ThreadEndpoints;
}) {
  return (
    <PostViewerProvider viewerId={viewerId}>
      <CommentThread
        postId={id}
        endpoints={endpoints}
        onAdded={() => undefined}
        onRemoved={() => undefined}
      />
    </PostViewerProvider>
  );
}
