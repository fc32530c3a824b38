// The operators' sensitive words and what each does (./policies.ts): the one list every text a person
// writes is screened against (chat, comments, posts, videos, private messages, nicknames, horn lines).
import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '@/lib/accounts/schema';
import { SENSITIVE_POLICIES } from './policies';

/** The operators' word list; `normalized` is what the matcher compares (./normalize.ts). */
export const sensitiveWords = pgTable('sensitive_words', {
  id: serial('id').primaryKey(),
  word: varchar('word', { length: 32 }).notNull(),
  normalized: varchar('normalized', { length: 32 }).notNull().unique(),
  /**
   * What the word does (./policies.ts): `block` refuses the text everywhere; `replace` masks it
   * (a chat room set to refuse refuses it); `review` holds a community post or video for the review queue
   * and masks it where nothing is reviewed (chat, comments, private messages).
   */
  policy: varchar('policy', { length: 8, enum: SENSITIVE_POLICIES }).notNull().default('replace'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});
