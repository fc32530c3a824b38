// Accounts: people who sign in, their roles, profiles and sessions, and what guards sign-in (SMS codes,
// QR logins, tourist chat accounts, rate-limit events). Secrets (passwords, tokens, codes) are stored hashed.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Staff roles beside `user`: `operator` may do everything; `moderator` reviews and moderates; `finance` handles money. */
export const userRole = pgEnum('user_role', ['user', 'operator', 'moderator', 'finance']);
/** Spec §4 approval states (real-name checks here; anchor applications and posts reuse it). */
export const approvalStatus = pgEnum('approval_status', ['pending', 'succeeded', 'failed']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    countryCode: varchar('country_code', { length: 4 }).notNull().default('86'),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    passwordHash: text('password_hash'),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    signature: varchar('signature', { length: 60 }).notNull().default(''),
    /** 0 not said, 1 male, 2 female. */
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday'),
    /** Experience in tenths of a point (spec §9: 1 diamond = 1 point, min unit 0.1). */
    experience: integer('experience').notNull().default(0),
    paymentPasswordHash: text('payment_password_hash'),
    /** This user's own code for the invitation program. */
    inviteCode: varchar('invite_code', { length: 8 }).unique(),
    invitedBy: integer('invited_by'),
    isAnchor: boolean('is_anchor').notNull().default(false),
    role: userRole('role').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Until when a moderator's ban keeps this user from signing in (lib/accounts/sanctions.ts). */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /** Until when a moderator's mute keeps this user from writing anywhere (chat, messages, posts). */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    /**
     * An account the demo seed made (`npm run demo`, `SEED_ON_START`): it and everything it owns (rooms,
     * posts, plans, its ledger entries) are what `npm run seed -- --remove-demo` takes away (lib/seed/remove.ts).
     */
    demo: boolean('demo').notNull().default(false),
    /** The IANA zone chosen in the user centre for every page and device; null: the browser's (automatic). */
    timeZone: varchar('time_zone', { length: 64 }),
  },
  (table) => [uniqueIndex('users_mobile_unique').on(table.countryCode, table.mobile)],
);

export const SANCTION_KINDS = ['mute', 'ban'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** Every mute and ban a moderator gave or lifted, with its reason: a user's moderation history. */
export const userSanctions = pgTable(
  'user_sanctions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8, enum: SANCTION_KINDS }).notNull(),
    /** The reason's code (lib/review/reasons.ts) and the moderator's own words. */
    reasonCode: varchar('reason_code', { length: 32 }).notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    until: timestamp('until', { withTimezone: true }).notNull(),
    actorId: integer('actor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by'),
  },
  (table) => [index('user_sanctions_user_idx').on(table.userId, table.id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    deviceType: varchar('device_type', { length: 16 }).notNull().default('pc'),
    /** The client address the session was opened from (the invitation program compares it). */
    address: varchar('address', { length: 64 }).notNull().default(''),
    /**
     * The browser's device id from its signed known-device cookie (lib/accounts/login-throttle.ts), kept
     * across the accounts signed in from it: the case file lists accounts that share a device. '' unknown.
     */
    deviceId: varchar('device_id', { length: 64 }).notNull().default(''),
    /** The browser's User-Agent when the session was opened (first 256 characters). */
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // The hourly prune's two conditions (issue #45: a tick reads only what it deletes).
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_revoked_idx').on(table.revokedAt).where(sql`${table.revokedAt} is not null`),
    // The case file's "same device / same address" lookups.
    index('sessions_device_idx').on(table.deviceId).where(sql`device_id <> ''`),
    index('sessions_address_idx').on(table.address).where(sql`address <> ''`),
  ],
);

/** Staff notes on a user's case file (lib/accounts/case-file.ts): who wrote what, when. Never edited. */
export const userStaffNotes = pgTable(
  'user_staff_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull(),
    body: varchar('body', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('user_staff_notes_user_idx').on(table.userId, table.id)],
);

/** Real-name verification (spec §7 `api/Member/verified`). One per user; the number is kept for payouts. */
export const identityVerifications = pgTable('identity_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realName: varchar('real_name', { length: 40 }).notNull(),
  idType: varchar('id_type', { length: 16 }).notNull(),
  idNumber: varchar('id_number', { length: 32 }).notNull(),
  status: approvalStatus('status').notNull().default('pending'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

/** SMS verification codes: 6 digits, 10 minutes, single use (stored as sha-256). */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    countryCode: varchar('country_code', { length: 4 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** 1 register, 2 everything else (spec §7 getCode). */
    purpose: smallint('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_codes_mobile_idx').on(table.countryCode, table.mobile, table.createdAt)],
);

/** Every SMS handed to a provider; the built-in provider delivers here only (operators read it). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  recipient: varchar('recipient', { length: 24 }).notNull(),
  body: text('body').notNull(),
  status: varchar('status', { length: 8 }).notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events counted by rate limits (failed logins, SMS sends), kept in the database so every node agrees. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: varchar('bucket', { length: 32 }).notNull(),
    key: varchar('key', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_events_lookup_idx').on(table.bucket, table.key, table.createdAt)],
);

export const qrLoginStatus = pgEnum('qr_login_status', ['waiting', 'scanned', 'confirmed', 'cancelled']);

/** Desktop QR logins: the code is shown in the QR, only its hash is kept. */
export const qrLogins = pgTable(
  'qr_logins',
  {
    id: serial('id').primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    status: qrLoginStatus('status').notNull().default('waiting'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The websocket that asked to hear about this code; no other socket is told. */
    listenerId: varchar('listener_id', { length: 64 }),
    /** sha-256 of the `qr_login` cookie of the browser that asked for the code: only it may use the session. */
    browserHash: varchar('browser_hash', { length: 64 }),
    /** sha-256 of the session token made on confirmation, until that browser keeps it (`useToken`). */
    sessionTokenHash: varchar('session_token_hash', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('qr_logins_expires_idx').on(table.expiresAt)],
);

/** Chat accounts of guests (spec §3 tourist account), kept until they log in. */
export const touristAccounts = pgTable('tourist_accounts', {
  id: varchar('id', { length: 40 }).primaryKey(),
  sigHash: varchar('sig_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spent captcha solutions: a verified payload is accepted once. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    signature: varchar('signature', { length: 128 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('captcha_uses_expires_idx').on(table.expiresAt)],
);
