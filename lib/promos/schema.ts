// What operators put on the home page (spec §7 Content: `api/Banner/getBannerList`,
// `api/banner/getAdvertisement`; Tasks: `api/Activity_Config/getActivityUrl`): banners, advertisements
// and official activities — a picture, a title in the reader's language and a link, shown in a window.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../system/schema';

export const PROMO_KINDS = ['banner', 'ad', 'activity'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: PROMO_KINDS }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promos_kind_idx').on(table.kind, table.enabled, table.sort),
    check('promos_kind_check', sql`${table.kind} in ('banner', 'ad', 'activity')`),
  ],
);
