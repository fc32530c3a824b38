// How long aged data stays in the database (issue #45 item 5), kept like the other operator settings in
// `system_settings` (key `retention`): per kind, the months kept, or off (null: nothing is ever moved). All
// off on a fresh install. Rows of whole months older than that go to cold files at the backup's
// destination (lib/jobs/archive.ts), so a retention needs a destination saved first. The ledger (wallet
// tables) has no retention: it is never archived.
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { backupScheduleView } from './backup-settings';
import { coldArchives, systemSettings } from './schema';
import { writeSetting } from './setting-row';

export const RETENTION_KEY = 'retention';
/** Room chat and danmaku (one table), the message centre's notices, the staff's audit log, private messages. */
export const RETENTION_KINDS = ['chat', 'notices', 'audit', 'private'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The audit log is kept a year at least (it is what proves the staff's actions). */
export const AUDIT_MIN_MONTHS = 12;
const months = (min: number) => z.number().int().min(min).max(120).nullable();

export const retentionInput = z.object({
  chat: months(1),
  notices: months(1),
  audit: months(AUDIT_MIN_MONTHS),
  // Added after the others: a retention saved before it reads as off for private messages.
  private: months(1).default(null),
});
export type Retention = z.output<typeof retentionInput>;

const OFF: Retention = { chat: null, notices: null, audit: null, private: null };

export type RetentionView = Retention & { updatedAt: Date | null };

async function readRetention(db: DbOrTx): Promise<RetentionView> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, RETENTION_KEY));
  const parsed = row ? retentionInput.safeParse(row.value) : null;
  return parsed?.success ? { ...parsed.data, updatedAt: row!.updatedAt } : { ...OFF, updatedAt: null };
}

/** The retention as the console shows it and the archive job reads it. */
export const retentionView = (db: DbOrTx) => readRetention(db);

/**
 * Saves the retention; answers it before and after (for the audit entry). Turning one on needs the backup's
 * destination saved (RETENTION_NEEDS_DESTINATION): the cold files go there. Refusals change nothing.
 */
export async function saveRetention(db: DbOrTx, input: Retention, meta: { now: Date; actorId: number }) {
  const on = RETENTION_KINDS.some((kind) => input[kind] !== null);
  if (on && !(await backupScheduleView(db)).updatedAt) throw new DomainError('RETENTION_NEEDS_DESTINATION');
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
    const { updatedAt: _updatedAt, ...before } = await readRetention(tx);
    const next: Retention = {
      chat: input.chat,
      notices: input.notices,
      audit: input.audit,
      private: input.private,
    };
    await writeSetting(tx, RETENTION_KEY, next, meta);
    return { before, after: next };
  });
}

/** The latest cold files, newest first (the console's list). */
export const recentColdArchives = (db: DbOrTx, limit = 10) =>
  db
    .select({
      id: coldArchives.id,
      tableName: coldArchives.tableName,
      month: coldArchives.month,
      part: coldArchives.part,
      file: coldArchives.file,
      target: coldArchives.target,
      rows: coldArchives.rows,
      bytes: coldArchives.bytes,
      keptIds: coldArchives.keptIds,
      state: coldArchives.state,
      writtenAt: coldArchives.writtenAt,
      deletedAt: coldArchives.deletedAt,
    })
    .from(coldArchives)
    .orderBy(desc(coldArchives.writtenAt), desc(coldArchives.id))
    .limit(limit);
