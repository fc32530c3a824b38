// Keys for the portal's own HMAC signatures. Each purpose gets its own key, derived from SECRET_KEY
// when configured, otherwise from a random master generated on first use and kept in the database.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { appSecrets } from './schema';

const MASTER = 'master';
let cachedMaster: string | undefined;

async function masterKey(db: DbOrTx) {
  const configured = getConfig().SECRET_KEY;
  if (configured) return configured;
  if (cachedMaster) return cachedMaster;
  // Read first: a read replica (where 'read' routes run) refuses even a no-op insert.
  const stored = async () =>
    (await db.select().from(appSecrets).where(eq(appSecrets.name, MASTER)))[0]?.value;
  let value = await stored();
  if (value === undefined) {
    await db
      .insert(appSecrets)
      .values({ name: MASTER, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    value = await stored();
  }
  cachedMaster = value!;
  return cachedMaster;
}

/** Makes sure the master exists, on the primary at start-up, so replicas always find it. */
export async function ensureMasterKey(db: DbOrTx) {
  await masterKey(db);
}

/** A stable key for one purpose, e.g. `secretFor(db, 'captcha')`. */
export async function secretFor(db: DbOrTx, purpose: string) {
  return createHmac('sha256', await masterKey(db))
    .update(purpose)
    .digest('base64url');
}

/** Forgets the cached master (tests switch databases). */
export function resetSecretCache() {
  cachedMaster = undefined;
}
