// The community (spec §2 /circle, /circle-detail; §4 approval of circle posts; §5 post rules). Likes,
// comments, comment likes and deletion of a circle post are lib/posts' `api/anchor_dynamics*` calls.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { newPostSchema, pageOf, postSchema, viewerOf } from '@/lib/posts/api';
import { REVIEW_STATUSES } from '@/lib/posts/schema';
import { CIRCLE_KINDS } from './schema';
import {
  CIRCLE_POSTS_PAGE_SIZE,
  CIRCLE_SORTS,
  createCirclePost,
  getCirclePost,
  listCirclePosts,
  listCircles,
  listOwnCirclePosts,
  reviewRequired,
  setReviewRequired,
} from './service';

const page = z.coerce.number().int().min(1).max(1000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(CIRCLE_POSTS_PAGE_SIZE);

/** The composer's schema: a lib/posts post plus its circle (checked by the service, with its message). */
export const newCirclePostSchema = newPostSchema.extend({ circle_id: id.optional() });

const circleSchema = z.object({
  id: z.number(),
  kind: z.enum(CIRCLE_KINDS),
  name: z.string(),
  parent_id: z.number().nullable(),
  posts: z.number(),
});
const circlePostSchema = postSchema.extend({ circle: z.object({ id: z.number(), name: z.string() }) });

export function registerCircleRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/circle/list',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Community',
      summary: 'Every circle (general, one per league and club) with its count of posts',
      output: z.object({ list: z.array(circleSchema), review: z.boolean() }),
    },
    async (c) => ({
      list: await listCircles(c.var.db, c.var.locale),
      review: await reviewRequired(c.var.db),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/circle/postList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Community',
      summary: 'Posts, of one circle or all: newest, or the hottest of the last day, week or month',
      input: z.object({
        circle_id: id.optional(),
        sort: z.enum(CIRCLE_SORTS).default('day'),
        page,
        size,
        /** `sort=new`: the previous answer's `cursor`, for the page after it. */
        cursor: id.optional(),
      }),
      output: pageOf(circlePostSchema).extend({ cursor: z.number().nullable() }),
    },
    (c, input) =>
      listCirclePosts(
        c.var.db,
        {
          circleId: input.circle_id,
          sort: input.sort,
          page: input.page,
          size: input.size,
          now: c.var.now,
          locale: c.var.locale,
          cursor: input.cursor,
        },
        viewerOf(c),
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/circle/info',
      effect: 'read',
      methods: ['get'],
      tag: 'Community',
      summary: 'One post with its circle; a post in review only for its author and operators',
      input: z.object({ id }),
      output: circlePostSchema,
    },
    (c, input) => getCirclePost(c.var.db, input.id, viewerOf(c), c.var.locale),
  );

  defineRoute(
    app,
    {
      path: '/api/circle/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'Community',
      summary: 'Post in a circle: content, up to 4 own images or one own video under 50 MB with a cover',
      middleware: [requireUser],
      input: newCirclePostSchema,
      output: z.object({ id: z.number(), status: z.enum(REVIEW_STATUSES) }),
    },
    (c, input) =>
      createCirclePost(c.var.db, c.var.user!.id, { ...input, circleId: input.circle_id }, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/circle/myPosts',
      effect: 'read',
      methods: ['get'],
      tag: 'Community',
      summary: "The signed-in user's own posts with their review state and reason",
      middleware: [requireUser],
      input: z.object({ page, size }),
      output: pageOf(circlePostSchema),
    },
    (c, input) => listOwnCirclePosts(c.var.db, viewerOf(c)!, { ...input, locale: c.var.locale }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/circle/settings',
      effect: 'write',
      methods: ['post'],
      tag: 'Community',
      summary: 'Operators: whether new posts wait for review',
      staff: ['moderator'],
      input: z.object({ review: z.boolean() }),
      output: z.object({ review: z.boolean() }),
    },
    (c, input) => setReviewRequired(c.var.db, input.review),
  );
}
