// Search calls of spec §7 (`api/Search/index`, `anchor`, `live`) and the portal's own: results of any
// registered kind (`api/Search/list`) and counting a search for the hot list (`api/Search/record`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { clientAddress } from '@/lib/http/client-address';
import { createLimiter } from '@/lib/rate-limits';
import { sharedState } from '@/lib/shared-state';
import {
  deleteHotSearchOverride,
  hotSearches,
  listHotSearchOverrides,
  recordSearch,
  saveHotSearchOverride,
  searchKind,
} from './service';

const RESULT_LIMIT = 30;

/** A reader moves the hot list by one per term an hour, and by at most 30 terms an hour. */
const termPerReader = createLimiter({ keyPrefix: 'search:term', points: 1, duration: 3600 });
const termsPerReader = createLimiter({ keyPrefix: 'search:reader', points: 30, duration: 3600 });

const countsFrom = (reader: string) => async (term: string) => {
  try {
    await termPerReader.consume(`${reader}:${term}`);
    await termsPerReader.consume(reader);
    return true;
  } catch (refused) {
    // The limiter refuses with its state, not an Error: anything else is a real failure.
    if (refused instanceof Error) throw refused;
    return false;
  }
};

const hitSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  href: z.string(),
  image: z.string().nullable(),
  shape: z.enum(['avatar', 'cover']),
  live: z.boolean(),
  time: z.string().nullable(),
});
const queryInput = z.object({
  name: z.string().describe('What was typed, at most 10 characters (spec §5)'),
  limit: z.coerce.number().int().min(1).max(RESULT_LIMIT).default(20),
});

export function registerSearchRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Search/index',
      effect: 'read',
      methods: ['get'],
      tag: 'Search',
      summary: "Today's ten most searched terms (UTC+8 day), counted from the searches people made",
      output: z.array(z.object({ short_name_zh: z.string(), count: z.number() })),
    },
    async (c) =>
      (await hotSearches(c.var.db, c.var.now, sharedState().hotSearches)).map((row) => ({
        short_name_zh: row.term,
        count: row.count,
      })),
  );

  const kinds = [
    {
      path: '/api/Search/anchor',
      kind: 'anchor',
      summary: 'Streamers whose nickname matches (Chinese in either script, Latin, pinyin or its initials)',
    },
    {
      path: '/api/Search/live',
      kind: 'room',
      summary: 'Live rooms whose title, streamer or number matches; live ones first',
    },
  ];
  for (const { path, kind, summary } of kinds) {
    defineRoute(
      app,
      {
        path,
        effect: 'read',
        methods: ['get'],
        tag: 'Search',
        summary,
        input: queryInput,
        output: z.array(hitSchema),
      },
      (c, input) =>
        searchKind(c.var.db, kind, input.name, { locale: c.var.locale, limit: input.limit, now: c.var.now }),
    );
  }

  defineRoute(
    app,
    {
      path: '/api/Search/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Search',
      summary: 'Results of one kind: anchor, room, news, team, match (and any kind a domain registers)',
      input: queryInput.extend({ kind: z.string().min(1).max(16) }),
      output: z.array(hitSchema),
    },
    (c, input) =>
      searchKind(c.var.db, input.kind, input.name, {
        locale: c.var.locale,
        limit: input.limit,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/Search/record',
      effect: 'write',
      methods: ['post'],
      tag: 'Search',
      summary: 'Counts a search someone made, for the hot list',
      input: z.object({ name: z.string() }),
      output: z.object({ term: z.string() }),
    },
    (c, input) => {
      const reader = c.var.user ? `user:${c.var.user.id}` : `address:${clientAddress(c.req.raw.headers)}`;
      return recordSearch(c.var.db, input.name, c.var.now, countsFrom(reader), sharedState().hotSearches);
    },
  );

  const overrideRow = z.object({
    id: z.number(),
    term: z.string(),
    position: z.number().nullable(),
    blocked: z.boolean(),
    updatedAt: z.date(),
  });

  defineRoute(
    app,
    {
      path: '/api/admin/hotSearch/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Search',
      summary: "Operators' pinned and blocked hot searches, and today's hot list as readers see it",
      staff: [],
      output: z.object({
        overrides: z.array(overrideRow),
        today: z.array(z.object({ term: z.string(), count: z.number() })),
      }),
    },
    async (c) => ({
      overrides: await listHotSearchOverrides(c.var.db),
      today: await hotSearches(c.var.db, c.var.now, sharedState().hotSearches),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/hotSearch/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Search',
      summary: 'Pins a term at a position of the hot list (1–10) or blocks it from the list',
      staff: [],
      input: z.object({
        term: z.string().max(10),
        position: z.coerce.number().int().min(1).max(10).optional(),
        blocked: z.boolean().default(false),
      }),
      output: overrideRow,
    },
    async (c, input) => {
      const { before, row } = await saveHotSearchOverride(c.var.db, input, c.var.now);
      auditChange(c, { before, after: row, targetType: 'hotSearch', targetId: row.term });
      return row;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/hotSearch/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'Search',
      summary: 'Removes a pin or a block: the term follows the counts again',
      staff: [],
      input: z.object({ id: rowId }),
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      auditChange(c, { before: await deleteHotSearchOverride(c.var.db, input.id) });
      return { id: input.id };
    },
  );
}
