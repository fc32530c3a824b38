// Search (issue 13): one document per searchable row — its kind (`anchor`, `room`, `news`, `team`, …),
// the row's id, the normalised key (lib/search/normalize.ts) and the short prefixes for one- and
// two-letter queries — and the searches people made, counted per day for the hot list.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    key: text('key').notNull(),
    grams: text('grams').array().notNull().default(sql`'{}'::text[]`),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.refId] }),
    // pg_trgm (custom migration 0014_search_pg_trgm): LIKE '%…%' of three characters and more.
    index('search_documents_key_trgm').using('gin', table.key.op('gin_trgm_ops')),
    index('search_documents_grams').using('gin', table.grams),
  ],
);

/**
 * Rows to key again (issue #45: the index job reads these, never the sources' tables): queued by the
 * triggers of migrations 0016 and 0051 when a searchable row is added or its text changes, `seq` taken
 * anew on every queuing, so the job drops only the entries it keyed.
 */
export const searchPending = pgTable(
  'search_pending',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    refId: integer('ref_id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.refId] }),
    index('search_pending_seq_idx').on(table.kind, table.seq),
  ],
);

/** Searches made, per day (UTC+8, the portal's home audience) and folded term: the hot list. */
export const searchTerms = pgTable(
  'search_terms',
  {
    day: date('day').notNull(),
    term: varchar('term', { length: 10 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.term] }),
    index('search_terms_day_count_idx').on(table.day, table.count),
  ],
);

/**
 * Operators' hand on the hot list: a pinned term shows at its position (1–10) whatever the counts; a
 * blocked term never shows, however often it is searched.
 */
export const hotSearchOverrides = pgTable('hot_search_overrides', {
  id: serial('id').primaryKey(),
  /** Folded like a counted term (lib/search/normalize.ts), at most 10 characters (spec §5). */
  term: varchar('term', { length: 10 }).notNull().unique(),
  /** 1–10 for a pinned term; null for a blocked one. */
  position: smallint('position'),
  blocked: boolean('blocked').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
