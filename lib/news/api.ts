// News calls (spec §7 Content): categories, lists, reading records, and operators' articles. Likes
// and comments of an article go through the posts calls (`api/anchor_dynamics_user/likes|comment`,
// `api/anchor_dynamics/commentList`) with the article's id: an article is a post of the news channel.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { storedUrl } from '@/lib/http/url-schema';
import { LOCALES } from '@/lib/i18n/routing';
import { listCategories } from './categories';
import { NEWS_BODY_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from './schema';
import { listNews, NEWS_PAGE_SIZE, recordRead, removeArticle, writeArticle } from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);

const listItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  locale: z.string(),
  cover: z.string().nullable(),
  automatic: z.boolean(),
  match_id: z.number().nullable(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  category: z.object({ id: z.number(), name: z.string() }),
  published_at: z.date(),
});

/** The operator's article form: one to four language versions, each language once. */
export const articleInputSchema = z.object({
  classify_id: id,
  cover: storedUrl({ max: 500 }).optional(),
  versions: z
    .array(
      z.object({
        locale: z.enum(LOCALES),
        title: z.string().trim().min(1).max(NEWS_TITLE_MAX),
        summary: z.string().trim().max(NEWS_SUMMARY_MAX).default(''),
        body: z.string().trim().min(1).max(NEWS_BODY_MAX),
      }),
    )
    .min(1)
    .max(LOCALES.length)
    .refine((versions) => new Set(versions.map((version) => version.locale)).size === versions.length),
});

export function registerNewsRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Headlines/classifyList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'News',
      summary: 'Headline categories, named in the reader’s language',
      output: z.object({ list: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })) }),
    },
    async (c) => ({ list: await listCategories(c.var.db, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Portal_post/getList2',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'News',
      summary: 'Articles in the reader’s language, newest first; `classify_id` narrows to one category',
      input: z.object({
        classify_id: id.optional(),
        page: z.coerce.number().int().min(1).max(1000).default(1),
        size: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
      }),
      output: z.object({
        list: z.array(listItemSchema),
        total: z.number(),
        page: z.number(),
        size: z.number(),
      }),
    },
    (c, input) =>
      listNews(c.var.db, c.var.locale, { categoryId: input.classify_id, page: input.page, size: input.size }),
  );

  defineRoute(
    app,
    {
      path: '/api/Headlines_user/insert',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'News',
      summary: 'Records a reading of an article: a view, and the signed-in reader’s reading record',
      input: z.object({ id }),
      output: z.object({ id: z.number(), views: z.number(), first: z.boolean() }),
    },
    (c, input) => recordRead(c.var.db, input.id, c.var.user?.id ?? null, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary:
        'Operators publish an article in one to four languages (plain text; paragraphs by blank lines)',
      staff: [],
      input: articleInputSchema,
      output: z.object({ id: z.number() }),
    },
    (c, input) =>
      writeArticle(
        c.var.db,
        c.var.user!.id,
        { categoryId: input.classify_id, cover: input.cover, versions: input.versions },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary: 'Operators take an article down',
      staff: [],
      input: z.object({ id }),
      output: z.object({ id: z.number(), deleted: z.boolean() }),
    },
    (c, input) => removeArticle(c.var.db, input.id, c.var.now),
  );
}
