// Video calls (spec §7 Video): lists, rankings and categories for everyone; views; likes, favourites
// and comments for signed-in users (a video is a post, so the thread is lib/posts'); anchors publish
// uploads and replays and delete their videos; each user keeps their own categories (meClass).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { clientAddress } from '@/lib/http/client-address';
import { storedUrl } from '@/lib/http/url-schema';
import { commentSchema, newCommentSchema, pageOf, toggled } from '@/lib/posts/api';
import {
  addComment,
  COMMENTS_PAGE_SIZE,
  listComments,
  listReplies,
  toggleCommentLike,
  togglePostLike,
} from '@/lib/posts/service';
import { categoryScope, listAllGroups, listGroups, listRecommended, searchCategories } from './categories';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from './limits';
import {
  addMyCategory,
  assertVideo,
  getVideo,
  listVideos,
  myCategories,
  publishReplay,
  publishUpload,
  RANK_WINDOWS,
  rankVideos,
  recordView,
  removeMyCategory,
  removeVideo,
  replaysOf,
  setVideoReview,
  toggleFavorite,
  VIDEOS_PAGE_SIZE,
  videoReviewOn,
  viewerKey,
} from './service';

const page = z.coerce.number().int().min(1).max(1000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(VIDEOS_PAGE_SIZE);

/** The anchor centre's upload form: the same schema on both sides. */
export const newVideoSchema = z.object({
  /** An empty title gets the service's own message (VIDEO_TITLE_EMPTY), clearer than a length rule. */
  title: z.string().max(VIDEO_TITLE_MAX),
  description: z.string().max(VIDEO_DESCRIPTION_MAX).default(''),
  classify_id: id,
  video: storedUrl({ max: 300 }),
  cover: storedUrl({ max: 300 }).optional(),
});

const categorySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  parent_id: z.number().nullable(),
});

const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(['file', 'hls']),
  src: z.string(),
  poster: z.string().nullable(),
  duration_s: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  favorites: z.number(),
  category: z.object({ id: z.number(), name: z.string() }),
  author: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
  broadcast_id: z.number().nullable(),
  published_at: z.date(),
});

const viewerOf = (c: Context<AppEnv>) => (c.var.user ? { id: c.var.user.id, role: c.var.user.role } : null);

export function registerVideoRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Video/getList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Videos',
      summary: 'Popular videos (views, likes, comments and favourites), or the newest; `classify_id` narrows',
      input: z.object({
        classify_id: id.optional(),
        sort: z.enum(['hot', 'new']).default('hot'),
        page,
        size,
      }),
      output: pageOf(videoSchema),
    },
    async (c, input) =>
      listVideos(c.var.db, c.var.locale, {
        ...input,
        categoryIds: input.classify_id ? await categoryScope(c.var.db, input.classify_id) : undefined,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/video/videoList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'Videos of a category or group (all without one), newest first or by popularity',
      input: z.object({
        classify_id: id.optional(),
        sort: z.enum(['hot', 'new']).default('new'),
        page,
        size,
      }),
      output: pageOf(videoSchema),
    },
    async (c, input) =>
      listVideos(c.var.db, c.var.locale, {
        ...input,
        categoryIds: input.classify_id ? await categoryScope(c.var.db, input.classify_id) : undefined,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/Video/anchorWorks',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Videos',
      summary: "An anchor's other videos, newest first (`id` leaves out the one being watched)",
      input: z.object({ uid: id, id: id.optional(), page, size: size.default(8) }),
      output: pageOf(videoSchema),
    },
    (c, input) =>
      listVideos(c.var.db, c.var.locale, {
        sort: 'new',
        authorId: input.uid,
        excludeId: input.id,
        page: input.page,
        size: input.size,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/Video/userPostList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: "A user's videos, newest first",
      input: z.object({ uid: id, page, size }),
      output: pageOf(videoSchema),
    },
    (c, input) =>
      listVideos(c.var.db, c.var.locale, {
        sort: 'new',
        authorId: input.uid,
        page: input.page,
        size: input.size,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/Video/getVideoInfo',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Videos',
      summary: "One video with its counters and the viewer's like and favourite",
      input: z.object({ id }),
      output: videoSchema.extend({
        liked: z.boolean(),
        favorited: z.boolean(),
        can_delete: z.boolean(),
        /** Its author's and moderators' alone: waiting, refused or removed by staff, and why. */
        review: z
          .object({
            status: z.enum(['pending', 'approved', 'rejected']),
            reason: z.string().nullable(),
            removed: z.boolean(),
          })
          .nullable(),
      }),
    },
    (c, input) => getVideo(c.var.db, input.id, c.var.locale, viewerOf(c)),
  );

  defineRoute(
    app,
    {
      path: '/api/Video/addView',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'A view of a video, counted once per viewer a day (UTC+8)',
      input: z.object({ id }),
      output: z.object({ id: z.number(), views: z.number(), counted: z.boolean() }),
    },
    (c, input) =>
      recordView(
        c.var.db,
        input.id,
        viewerKey(
          c.var.user?.id ?? null,
          clientAddress(c.req.raw.headers) ?? '',
          c.req.header('user-agent') ?? '',
        ),
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/Video/commentList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Videos',
      summary: "A video's comments by time (`new`) or likes (`hot`), each with its replies",
      input: z.object({
        id,
        page,
        size: z.coerce.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE),
        sort: z.enum(['new', 'hot']).default('new'),
      }),
      output: pageOf(commentSchema.extend({ replies: z.array(commentSchema) })),
    },
    async (c, input) => {
      await assertVideo(c.var.db, input.id);
      return listComments(c.var.db, input.id, input, viewerOf(c));
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Video/commentOneList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'The replies of one comment (`id` is the comment), oldest first',
      input: z.object({ id, page, size: z.coerce.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE) }),
      output: pageOf(commentSchema),
    },
    (c, input) => listReplies(c.var.db, input.id, input, viewerOf(c)),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/likes',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Like or unlike a video; answers the new state and count',
      middleware: [requireUser],
      input: z.object({ id }),
      output: toggled,
    },
    async (c, input) => {
      await assertVideo(c.var.db, input.id);
      return togglePostLike(c.var.db, c.var.user!.id, input.id);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/favorites',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Add a video to the favourites, or take it out; answers the new state and count',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), favorited: z.boolean(), favorites: z.number() }),
    },
    (c, input) => toggleFavorite(c.var.db, c.var.user!.id, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/comment',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Comment on a video, or reply to a comment with `parent_id` (30 every 10 minutes)',
      middleware: [requireUser],
      input: newCommentSchema,
      output: commentSchema,
    },
    async (c, input) => {
      await assertVideo(c.var.db, input.id);
      return addComment(
        c.var.db,
        c.var.user!.id,
        {
          postId: input.id,
          content: input.content,
          parentId: input.parent_id,
        },
        c.var.now,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/commentLikes',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Like or unlike a comment of a video; answers the new state and count',
      middleware: [requireUser],
      input: z.object({ id }),
      output: toggled,
    },
    (c, input) => toggleCommentLike(c.var.db, c.var.user!.id, input.id),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary:
        'An anchor publishes an own video upload (under 50 MB) with a title, category and optional cover',
      middleware: [requireAnchor],
      input: newVideoSchema,
      output: z.object({ id: z.number() }),
    },
    (c, input) =>
      publishUpload(
        c.var.db,
        c.var.user!.id,
        {
          title: input.title,
          description: input.description,
          categoryId: input.classify_id,
          video: input.video,
          cover: input.cover,
        },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/publishReplay',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: "An anchor publishes one of their broadcasts' replays as a video",
      middleware: [requireAnchor],
      input: z.object({
        broadcast_id: id,
        title: z.string().max(VIDEO_TITLE_MAX).optional(),
        classify_id: id.optional(),
      }),
      output: z.object({ id: z.number() }),
    },
    (c, input) =>
      publishReplay(
        c.var.db,
        c.var.user!.id,
        { broadcastId: input.broadcast_id, title: input.title, categoryId: input.classify_id },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/replays',
      effect: 'read',
      methods: ['get'],
      tag: 'Videos',
      summary: "The anchor's finished replays and the video each became, if any",
      middleware: [requireAnchor],
      output: z.object({
        list: z.array(
          z.object({
            broadcast_id: z.number(),
            title: z.string(),
            started_at: z.date(),
            duration_s: z.number(),
            video_id: z.number().nullable(),
          }),
        ),
      }),
    },
    async (c) => ({ list: await replaysOf(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Video_user/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Delete a video (its author or an operator)',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), deleted: z.boolean() }),
    },
    (c, input) => removeVideo(c.var.db, viewerOf(c)!, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/videoRank/getRank',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'The most watched videos of the day, week, month (UTC+8 days) or of all time',
      input: z.object({
        type: z.enum(RANK_WINDOWS).default('week'),
        limit: z.coerce.number().int().min(1).max(50).default(10),
      }),
      output: z.object({
        list: z.array(videoSchema.extend({ rank: z.number(), window_views: z.number() })),
      }),
    },
    async (c, input) => ({
      list: await rankVideos(c.var.db, c.var.locale, {
        window: input.type,
        limit: input.limit,
        now: c.var.now,
      }),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/Videoclassification',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'The category groups (足球, 篮球, …), named in the reader’s language',
      output: z.object({ list: z.array(categorySchema) }),
    },
    async (c) => ({ list: await listGroups(c.var.db, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/allList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'Every category group with its categories',
      output: z.object({ list: z.array(categorySchema.extend({ children: z.array(categorySchema) })) }),
    },
    async (c) => ({ list: await listAllGroups(c.var.db, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/recommend',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'Recommended categories',
      output: z.object({ list: z.array(categorySchema) }),
    },
    async (c) => ({ list: await listRecommended(c.var.db, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/search',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Videos',
      summary: 'Categories whose name (in any language) contains the words (max 10 characters)',
      input: z.object({ name: z.string().trim().min(1).max(10) }),
      output: z.object({ list: z.array(categorySchema) }),
    },
    async (c, input) => ({ list: await searchCategories(c.var.db, c.var.locale, input.name) }),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/myClassification',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Videos',
      summary: 'The reader’s own categories (meClass), in the order they were added',
      middleware: [requireUser],
      output: z.object({ list: z.array(categorySchema) }),
    },
    async (c) => ({ list: await myCategories(c.var.db, c.var.user!.id, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/addMyclassification',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Add a category to the reader’s own (at most 20); adding one already there changes nothing',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), added: z.boolean() }),
    },
    (c, input) => addMyCategory(c.var.db, c.var.user!.id, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/videocclassification/delMyclassification',
      effect: 'write',
      methods: ['post'],
      tag: 'Videos',
      summary: 'Remove a category from the reader’s own',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number(), removed: z.boolean() }),
    },
    (c, input) => removeMyCategory(c.var.db, c.var.user!.id, input.id),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/video/settings',
      effect: 'write',
      methods: ['post'],
      tag: 'Video',
      summary:
        'Whether uploaded videos wait for a moderator (the review queue) before others see them; without `review` it only answers',
      staff: ['moderator'],
      input: z.object({ review: z.boolean().optional() }),
      output: z.object({ review: z.boolean() }),
    },
    async (c, input) =>
      input.review === undefined
        ? { review: await videoReviewOn(c.var.db) }
        : setVideoReview(c.var.db, input.review),
  );
}
