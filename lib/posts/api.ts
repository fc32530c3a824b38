// Streamer updates (spec §7 Social: `api/anchor_dynamics_user/*`, `api/anchor_dynamics/*`): anchors
// post text with up to 4 images or one video; signed-in users like and comment; anyone reads.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { registerReportTarget } from '@/lib/moderation/report-targets';
import { COMMENT_BODY_MAX, POST_BODY_MAX, POST_IMAGES_MAX } from './limits';
import { REVIEW_STATUSES } from './schema';
import {
  addComment,
  COMMENTS_PAGE_SIZE,
  commentOwner,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  hidePostForReports,
  listAuthorPosts,
  listComments,
  POSTS_PAGE_SIZE,
  postOwner,
  restoreComment,
  restorePost,
  takeDownComment,
  takeDownPost,
  toggleCommentLike,
  togglePostLike,
} from './service';

const page = z.coerce.number().int().min(1).max(1000).default(1);
const fileUrl = storedUrl({ max: 300 });

/** The composer's schema too: what a post may hold. */
export const newPostSchema = z.object({
  content: z.string().max(POST_BODY_MAX).default(''),
  images: z.array(fileUrl).max(POST_IMAGES_MAX).default([]),
  video: fileUrl.optional(),
  cover: fileUrl.optional(),
});

export const newCommentSchema = z.object({
  id,
  content: z.string().trim().max(COMMENT_BODY_MAX),
  parent_id: id.optional(),
});

const authorSchema = z.object({ id: z.number(), nickname: z.string(), avatar: z.string() });

export const postSchema = z.object({
  id: z.number(),
  uid: z.number(),
  author: authorSchema,
  content: z.string(),
  images: z.array(z.string()),
  video: z
    .object({
      url: z.string(),
      poster: z.string(),
      duration_s: z.number(),
      width: z.number(),
      height: z.number(),
    })
    .nullable(),
  likes: z.number(),
  comments: z.number(),
  liked: z.boolean(),
  can_delete: z.boolean(),
  /** `removed`: taken down by staff (its author sees it so marked; others are refused with `POST_REMOVED`). */
  review: z.object({ status: z.enum(REVIEW_STATUSES), reason: z.string().nullable(), removed: z.boolean() }),
  created_at: z.date(),
});

export const commentSchema = z.object({
  id: z.number(),
  post_id: z.number(),
  parent_id: z.number().nullable(),
  author: authorSchema,
  content: z.string(),
  likes: z.number(),
  liked: z.boolean(),
  can_delete: z.boolean(),
  /** Taken down by staff: a tombstone (empty content) for all but its writer. */
  removed: z.boolean(),
  /** Held by a `review` sensitive word: shown to its writer alone, marked 审核中, until a moderator decides. */
  held: z.boolean(),
  created_at: z.date(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), size: z.number() });

export const toggled = z.object({ id: z.number(), liked: z.boolean(), likes: z.number() });

export const viewerOf = (c: Context<AppEnv>) =>
  c.var.user ? { id: c.var.user.id, role: c.var.user.role } : null;

export function registerPostRoutes(app: OpenAPIHono<AppEnv>) {
  registerReportTarget('post', postOwner, takeDownPost, restorePost, hidePostForReports);
  registerReportTarget('comment', commentOwner, takeDownComment, restoreComment);
  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics_user/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: 'Publish a streamer update: text, up to 4 own images or one own video (10 an hour)',
      middleware: [requireAnchor],
      input: newPostSchema,
      output: z.object({ id: z.number(), status: z.enum(REVIEW_STATUSES) }),
    },
    (c, input) => createPost(c.var.db, c.var.user!.id, input, { now: c.var.now }),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics_user/likes',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: 'Like or unlike a post; answers the new state and count',
      middleware: [requireUser],
      input: z.object({ id }),
      output: toggled,
    },
    (c, input) => togglePostLike(c.var.db, c.var.user!.id, input.id),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics_user/comment',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: 'Comment on a post, or reply to a comment with `parent_id` (30 every 10 minutes)',
      middleware: [requireUser],
      input: newCommentSchema,
      output: commentSchema,
    },
    (c, input) =>
      addComment(
        c.var.db,
        c.var.user!.id,
        {
          postId: input.id,
          content: input.content,
          parentId: input.parent_id,
        },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics_user/commentLikes',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: 'Like or unlike a comment; answers the new state and count',
      middleware: [requireUser],
      input: z.object({ id }),
      output: toggled,
    },
    (c, input) => toggleCommentLike(c.var.db, c.var.user!.id, input.id),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics/info',
      effect: 'read',
      methods: ['get'],
      tag: 'Posts',
      summary: 'One post with its counters and whether the viewer liked it',
      input: z.object({ id }),
      output: postSchema,
    },
    (c, input) => getPost(c.var.db, input.id, viewerOf(c)),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics/userPostList',
      effect: 'read',
      methods: ['get'],
      tag: 'Posts',
      summary: "A streamer's updates, newest first, with the viewer's likes",
      input: z.object({
        uid: id,
        page,
        size: z.coerce.number().int().min(1).max(50).default(POSTS_PAGE_SIZE),
      }),
      output: pageOf(postSchema),
    },
    (c, input) => listAuthorPosts(c.var.db, input.uid, { page: input.page, size: input.size }, viewerOf(c)),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics/deletePost',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: 'Delete a post (its author or an operator)',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), deleted: z.boolean() }),
    },
    (c, input) => deletePost(c.var.db, viewerOf(c)!, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics/deleteComment',
      effect: 'write',
      methods: ['post'],
      tag: 'Posts',
      summary: "Delete a comment and its replies (the comment's writer, the post's author or an operator)",
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), removed: z.number() }),
    },
    (c, input) => deleteComment(c.var.db, viewerOf(c)!, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/anchor_dynamics/commentList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Posts',
      summary: 'Comments of a post by time (`new`) or likes (`hot`), each with its replies',
      input: z.object({
        id,
        page,
        size: z.coerce.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE),
        sort: z.enum(['new', 'hot']).default('new'),
      }),
      output: pageOf(commentSchema.extend({ replies: z.array(commentSchema) })),
    },
    (c, input) => listComments(c.var.db, input.id, input, viewerOf(c)),
  );
}
