// Accounts: people who sign in, their roles, and their sessions (tokens are stored hashed).
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['user', 'operator']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    countryCode: varchar('country_code', { length: 4 }).notNull().default('86'),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    passwordHash: text('password_hash'),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: text('avatar').notNull().default(''),
    isAnchor: boolean('is_anchor').notNull().default(false),
    role: userRole('role').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_mobile_unique').on(table.countryCode, table.mobile)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
