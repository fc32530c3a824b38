// Inputs the console's list routes share beyond their table (lib/admin/table-query.ts, which the browser
// also loads): day filters and the zone they are read in. Server-only: it reads the portal's config.
import { z } from 'zod';
import { getConfig } from '@/lib/config';
import { isTimeZone } from '@/lib/time/zone';

/** A day filter (`YYYY-MM-DD`), read in `listTimeZone`. */
export const listDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The zone a list's day filters are read in: the reader's, else the portal's `TIME_ZONE`. */
export const listTimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'time_zone' })
  .optional()
  .transform((zone) => zone ?? getConfig().TIME_ZONE);
