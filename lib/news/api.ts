// News calls (spec §7 Content): categories, lists, reading records, and operators' articles. Likes
// and comments of an article go through the posts calls (`api/anchor_dynamics_user/likes|comment`,
// `api/anchor_dynamics/commentList`) with the article's id: an article is a post of the news channel.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { LOCALES } from '@/lib/i18n/routing';
import { categoriesForStaff, deleteCategory, listCategories, saveCategory } from './categories';
import { NEWS_BODY_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from './schema';
import {
  ADMIN_ARTICLE_SORTS,
  ARTICLE_STATES,
  articleForStaff,
  editArticle,
  listArticlesForStaff,
  listNews,
  NEWS_PAGE_SIZE,
  recordRead,
  removeArticle,
  restoreArticle,
  writeArticle,
} from './service';

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

/**
 * The operator's article form: one to four language versions, each language once. A body is plain text
 * with a few marks the article page renders (components/news/article-body.tsx): blank lines between
 * paragraphs, `## ` headings, `- ` list items, `**bold**` and `[text](https://…)` links; never HTML.
 */
export const articleInputSchema = z.object({
  classify_id: id,
  cover: storedUrl({ max: 500 }).nullish(),
  /** When readers see it (a later instant schedules it); omitted: now, or unchanged on an edit. */
  publish_at: z.coerce.date().optional(),
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
      summary: 'Headline categories switched on, in order, named in the reader’s language',
      output: z.object({ list: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })) }),
    },
    async (c) => ({
      list: (await listCategories(c.var.db, c.var.locale)).map(({ id, slug, name }) => ({ id, slug, name })),
    }),
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
        /** The previous answer's `cursor`: the page after it (`page` then only names the page). */
        cursor: id.optional(),
      }),
      output: z.object({
        list: z.array(listItemSchema),
        total: z.number(),
        page: z.number(),
        size: z.number(),
        cursor: z.number().nullable(),
      }),
    },
    (c, input) =>
      listNews(c.var.db, c.var.locale, {
        categoryId: input.classify_id,
        page: input.page,
        size: input.size,
        now: c.var.now,
        cursor: input.cursor,
      }),
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
        {
          categoryId: input.classify_id,
          cover: input.cover,
          publishAt: input.publish_at,
          versions: input.versions,
        },
        c.var.now,
      ),
  );

  const staffArticle = z.object({
    id: z.number(),
    title: z.string(),
    locales: z.array(z.string()),
    category: z.object({ id: z.number(), name: z.string() }),
    automatic: z.boolean(),
    state: z.enum(ARTICLE_STATES),
    views: z.number(),
    comments: z.number(),
    likes: z.number(),
    published_at: z.date(),
  });

  defineRoute(
    app,
    {
      path: '/api/admin/news/list',
      effect: 'read',
      methods: ['get'],
      tag: 'News',
      summary: 'Every article for operators: published, scheduled or taken down, filtered, sorted and paged',
      staff: [],
      input: z.object({
        state: z.enum(ARTICLE_STATES).optional(),
        classify_id: id.optional(),
        search: z.string().trim().max(40).optional(),
        automatic: z.enum(['0', '1']).optional(),
        sort: z.enum(ADMIN_ARTICLE_SORTS).default('published_at'),
        order: z.enum(['asc', 'desc']).default('desc'),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(20),
      }),
      output: z.object({
        list: z.array(staffArticle),
        total: z.number(),
        page: z.number(),
        size: z.number(),
      }),
    },
    (c, input) =>
      listArticlesForStaff(
        c.var.db,
        c.var.locale,
        {
          state: input.state,
          categoryId: input.classify_id,
          search: input.search || undefined,
          automatic: input.automatic === undefined ? undefined : input.automatic === '1',
          sort: input.sort,
          order: input.order,
          page: input.page,
          size: input.size,
        },
        c.var.now,
      ),
  );

  const articleDetail = z.object({
    id: z.number(),
    classify_id: z.number(),
    cover: z.string().nullable(),
    automatic: z.boolean(),
    match_id: z.number().nullable(),
    state: z.enum(ARTICLE_STATES),
    published_at: z.date(),
    versions: z.array(
      z.object({ locale: z.enum(LOCALES), title: z.string(), summary: z.string(), body: z.string() }),
    ),
  });

  defineRoute(
    app,
    {
      path: '/api/admin/news/detail',
      effect: 'read',
      methods: ['get'],
      tag: 'News',
      summary: 'One article with every language version, whatever its state (the editor)',
      staff: [],
      input: z.object({ id }),
      output: articleDetail,
    },
    (c, input) => articleForStaff(c.var.db, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/save',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary:
        'Operators write an article (no id) or change one: category, cover, publication time (later schedules it), language versions',
      staff: [],
      input: articleInputSchema.extend({
        id: id.optional(),
        /** An edit goes out again now (e.g. a scheduled article published early). */
        publish_now: z.boolean().optional(),
      }),
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      const article = {
        categoryId: input.classify_id,
        cover: input.cover,
        publishAt: input.publish_now ? c.var.now : input.publish_at,
        versions: input.versions,
      };
      if (input.id === undefined) return writeArticle(c.var.db, c.var.user!.id, article, c.var.now);
      auditChange(c, { before: await articleForStaff(c.var.db, input.id, c.var.now) });
      return editArticle(c.var.db, input.id, article);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/restore',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary: 'Operators bring a taken-down article back',
      staff: [],
      input: z.object({ id }),
      output: z.object({ id: z.number(), deleted: z.boolean() }),
    },
    (c, input) => restoreArticle(c.var.db, input.id),
  );

  const localizedNames = z.object({
    'zh-CN': z.string().trim().min(1).max(16),
    'zh-TW': z.string().trim().min(1).max(16),
    en: z.string().trim().min(1).max(32),
    vi: z.string().trim().min(1).max(32),
  });

  const staffCategory = z.object({
    id: z.number(),
    slug: z.string(),
    names: z.record(z.string(), z.string()),
    sort: z.number(),
    active: z.boolean(),
    built_in: z.boolean(),
    articles: z.number(),
  });
  const presentCategory = ({ builtIn, ...row }: Awaited<ReturnType<typeof categoriesForStaff>>[number]) => ({
    ...row,
    built_in: builtIn,
  });
  const categorySlug = z.string().regex(/^[a-z0-9-]{2,32}$/);

  defineRoute(
    app,
    {
      path: '/api/admin/news/categories',
      effect: 'read',
      methods: ['get'],
      tag: 'News',
      summary:
        'Headline categories with their names in the four languages, order, on/off, whether built in and how many articles each holds',
      staff: [],
      output: z.object({ list: z.array(staffCategory) }),
    },
    async (c) => ({ list: (await categoriesForStaff(c.var.db)).map(presentCategory) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/categorySave',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary:
        'Operators add a headline category or change one (by slug): names in the four languages, order, on/off (off: hidden from readers and the editor, its articles kept)',
      staff: [],
      input: z.object({
        slug: categorySlug,
        names: localizedNames,
        sort: z.coerce.number().int().min(0).max(999).default(10),
        active: z.boolean().default(true),
      }),
      output: staffCategory,
    },
    async (c, input) => {
      const { before, row } = await saveCategory(c.var.db, input);
      auditChange(c, {
        before: before && presentCategory(before),
        after: presentCategory(row),
        targetType: 'newsCategory',
        targetId: row.slug,
      });
      return presentCategory(row);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/news/categoryDelete',
      effect: 'write',
      methods: ['post'],
      tag: 'News',
      summary:
        "Deletes an operator's own headline category that holds no article; one with articles or a built-in one is refused (switch it off instead)",
      staff: [],
      input: z.object({ slug: categorySlug }),
      output: z.object({ slug: z.string(), deleted: z.boolean() }),
    },
    async (c, input) => {
      const before = await deleteCategory(c.var.db, input.slug);
      auditChange(c, { before: presentCategory(before), targetType: 'newsCategory', targetId: before.slug });
      return { slug: before.slug, deleted: true };
    },
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
    async (c, input) => {
      auditChange(c, { before: await articleForStaff(c.var.db, input.id, c.var.now) });
      return removeArticle(c.var.db, input.id, c.var.now);
    },
  );
}
