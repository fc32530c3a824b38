// Operator-configured pop-ups shown once per page load (spec §7 start-up "pop-up list").
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Localised text keyed by locale, e.g. { "zh-CN": "…", "en": "…" }. */
export type LocalizedText = Record<string, string>;

export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  body: jsonb('body').$type<LocalizedText>().notNull(),
  imageUrl: text('image_url'),
  linkUrl: text('link_url'),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the portal generates for itself on first use when none is configured (HMAC keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Settings an operator stored in the console (lib/system/settings.ts): one row per key, the value as JSON;
 * a key without a row takes the environment's value.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: integer('updated_by'),
});

export const BACKUP_TRIGGERS = ['schedule', 'manual'] as const;

/**
 * Every backup the portal took itself (lib/jobs/backup.ts: the schedule, or an operator's "back up now"),
 * whether it succeeded or not: the console's dashboard and readiness read the latest.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    trigger: varchar('trigger', { length: 16, enum: BACKUP_TRIGGERS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Where it went, as the console says it: `folder:/var/backups` or `s3:bucket/prefix`. */
    target: text('target').notNull(),
    ok: boolean('ok').notNull(),
    /** The archive's name (null when it failed before one was written). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    durationMs: integer('duration_ms').notNull(),
    /** The copy at the target was read back and proved itself (files and a restore beside the database). */
    verified: boolean('verified').notNull().default(false),
    /** Why it failed, in English (the operator's log line). */
    error: text('error'),
    /** How many older backups the rotation removed. */
    removed: integer('removed').notNull().default(0),
    actorId: integer('actor_id'),
  },
  (table) => [index('backup_runs_ok_started').on(table.ok, table.startedAt)],
);

export const COLD_TABLES = ['chat_messages', 'notices', 'audit_log', 'im_messages'] as const;
export type ColdTable = (typeof COLD_TABLES)[number];

/**
 * The months of aged rows moved to cold storage (lib/jobs/archive.ts): one row per cold file, recorded once
 * the file was read back from the backup target and verified (`verified`), then `deleted` once its rows
 * left the table. A month whose held rows (open reports, lines awaiting review) stayed behind gets a
 * later `part` when they are released. A crash between the two resumes the deletion, never rewrites.
 */
export const coldArchives = pgTable(
  'cold_archives',
  {
    id: serial('id').primaryKey(),
    tableName: varchar('table_name', { length: 40, enum: COLD_TABLES }).notNull(),
    /** `2026-01`: the UTC month of the rows' time. */
    month: varchar('month', { length: 7 }).notNull(),
    part: integer('part').notNull().default(1),
    /** The file's name at the target (`cold-chat_messages-2026-01-p1.tar.gz`). */
    file: text('file').notNull(),
    /** Where it went, as the console says it: `folder:/var/backups/cold` or `s3:bucket/prefix/cold/`. */
    target: text('target').notNull(),
    rows: integer('rows').notNull(),
    checksum: varchar('checksum', { length: 64 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The ids the file holds are those of the month in [firstId, lastId] but `keptIds`. */
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    /** Rows of the month held at writing (an open report, a line awaiting review): not in the file, kept. */
    keptIds: jsonb('kept_ids').$type<number[]>().notNull().default([]),
    state: varchar('state', { length: 12, enum: ['verified', 'deleted'] }).notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('cold_archives_month_part').on(table.tableName, table.month, table.part)],
);

export const LEGAL_DOCUMENTS = ['privacy', 'agreement', 'aboutUs'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/**
 * The footer's policy pages (`/about-user`) as operators wrote them, per language: plain text, blank lines
 * between paragraphs. A language without a row shows the text the portal ships in its catalogs.
 */
export const legalPages = pgTable(
  'legal_pages',
  {
    document: varchar('document', { length: 16, enum: LEGAL_DOCUMENTS }).notNull(),
    locale: varchar('locale', { length: 8 }).notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.document, table.locale] })],
);
