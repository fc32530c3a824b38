// Posts in the console's one review queue: a channel's pending posts are one source, decided through
// `reviewPost` (./service.ts), whose rules stay there; the queue adds the reason, the notice and the
// audit. Community posts (`circlePost`) are here; uploaded videos (`video`) are lib/videos/review-source.ts,
// built by the same `postSource`. Comments a `review` sensitive word held (`comment`) are here too, decided
// through `decideHeldComment`.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { concernsOf, countWhere, EXCERPT, excerpt, pendingList } from '@/lib/review/paging';
import { codedReason } from '@/lib/review/reason-text';
import { CONTENT_REASONS } from '@/lib/review/reasons';
import type { QueueItem, QueueSource } from '@/lib/review/source';
import { videos } from '@/lib/videos/schema';
import { postComments, posts } from './schema';
import { decideHeldComment, reviewPost } from './service';

/** The pending posts of `channel` as the queue's source `key`. */
export function postSource(channel: 'circle' | 'video', key: string): QueueSource {
  const pending = and(eq(posts.channel, channel), eq(posts.reviewStatus, 'pending'))!;
  return {
    key,
    staff: ['moderator'],
    reasons: CONTENT_REASONS,
    count: (db) => countWhere(db, posts, pending),
    async concerns(db, ids) {
      const rows = await db
        .select({ id: posts.id, authorId: posts.authorId })
        .from(posts)
        .where(and(eq(posts.channel, channel), inArray(posts.id, [...ids])));
      return concernsOf(rows.map((row) => ({ id: row.id, users: [row.authorId] })));
    },
    async list(db, input) {
      const rows = await pendingList(
        db,
        {
          from: posts,
          fields: { post: posts },
          person: posts.authorId,
          where: pending,
          by: posts.id,
          leftJoin: { table: videos, on: eq(videos.postId, posts.id), maybe: { video: videos } },
        },
        input,
      );
      return rows.map(({ post, nickname, video }): QueueItem => {
        const media: QueueItem['media'] = [
          ...post.images.map((url) => ({ kind: 'image' as const, url })),
          ...(post.video ? [{ kind: 'video' as const, url: post.video.url }] : []),
          ...(video ? [{ kind: 'video' as const, url: video.sourceUrl }] : []),
        ];
        return {
          id: post.id,
          userId: post.authorId!,
          nickname,
          summary: excerpt(video?.title || post.body),
          // The text in full when the line above cut it (or shows a video's title instead).
          fields: video || post.body.length > EXCERPT ? { body: post.body } : {},
          media,
          createdAt: post.createdAt,
        };
      });
    },
    async decide(tx, input) {
      const row = await reviewPost(
        tx,
        channel,
        { id: input.id, approve: input.approve, reason: codedReason(input.reasonCode, input.note) },
        input.now,
      );
      return {
        userId: row.authorId,
        before: { review_status: 'pending' },
        after: { review_status: row.status, reason: row.reason },
        link: channel === 'video' ? `/video-player?id=${row.id}` : null,
      };
    },
  };
}

export const circlePostSource = postSource('circle', 'circlePost');

/** Comments (on posts, videos and news) a `review` word holds: shown to their writer only until decided. */
const heldComment = and(eq(postComments.reviewStatus, 'pending'), isNull(postComments.deletedAt))!;

export const commentSource: QueueSource = {
  key: 'comment',
  staff: ['moderator'],
  reasons: CONTENT_REASONS,
  count: (db) => countWhere(db, postComments, heldComment),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: postComments.id, authorId: postComments.authorId })
      .from(postComments)
      .where(inArray(postComments.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.authorId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: postComments,
        fields: { comment: postComments, postBody: posts.body },
        person: postComments.authorId,
        where: heldComment,
        by: postComments.id,
        join: [{ table: posts, on: eq(posts.id, postComments.postId) }],
        leftJoin: { table: videos, on: eq(videos.postId, posts.id), maybe: { postTitle: videos.title } },
      },
      input,
    );
    return rows.map(
      ({ comment, postBody, postTitle, nickname }): QueueItem => ({
        id: comment.id,
        userId: comment.authorId,
        nickname,
        summary: excerpt(comment.body),
        fields: {
          ...(comment.body.length > EXCERPT ? { body: comment.body } : {}),
          on_post: excerpt(postTitle || postBody, 60),
        },
        createdAt: comment.createdAt,
      }),
    );
  },
  async decide(tx, input) {
    const row = await decideHeldComment(tx, input.id, input.approve, input.now);
    return {
      userId: row.authorId,
      before: { type: 'comment', id: row.id, post_id: row.postId, review_status: 'pending' },
      after: { type: 'comment', id: row.id, post_id: row.postId, review_status: row.reviewStatus },
    };
  },
};
