// Tells a post's author of a new comment, and a comment's writer of a reply (the message centre).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { postComments, posts } from './schema';

const EXCERPT = 40;

export async function notifyComment(
  db: DbOrTx,
  input: { postId: number; parentId: number | null; userId: number; body: string },
  now: Date,
) {
  const params = { excerpt: input.body.slice(0, EXCERPT) };
  const [post] = await db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, input.postId));
  if (input.parentId !== null) {
    const [parent] = await db
      .select({ authorId: postComments.authorId })
      .from(postComments)
      .where(eq(postComments.id, input.parentId));
    if (parent)
      await notify(
        db,
        { userId: parent.authorId, subject: 'comment_reply', actorId: input.userId, params },
        now,
      );
    if (!parent || parent.authorId === post?.authorId) return;
  }
  if (post?.authorId)
    await notify(db, { userId: post.authorId, subject: 'post_comment', actorId: input.userId, params }, now);
}
