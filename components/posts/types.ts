// Posts as the browser receives them (dates as ISO strings), from the service's own shapes.
import type { CommentView, PostView } from '@/lib/posts/service';

export type PostItem = Omit<PostView, 'created_at'> & { created_at: string };
export type CommentItem = Omit<CommentView, 'created_at'> & { created_at: string };
export type CommentThreadItem = CommentItem & { replies: CommentItem[] };
export type PostPage = { list: PostItem[]; total: number; page: number; size: number };
export type CommentPage = { list: CommentThreadItem[]; total: number; page: number; size: number };

/** Server rows to what the client components take. */
export const toPostItem = (post: PostView): PostItem => ({
  ...post,
  created_at: post.created_at.toISOString(),
});
