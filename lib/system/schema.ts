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
