// A row id in a route's input: a whole number from 1 to Postgres' integer maximum (lib/db/row-id.ts), so a
// bigger one is refused as input rather than reaching the database as an error.
import { z } from 'zod';
import { PG_INT_MAX } from '@/lib/db/row-id';

export const rowId = z.coerce.number().int().positive().max(PG_INT_MAX);
