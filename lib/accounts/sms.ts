// SMS delivery behind one interface. Built in: an outbox table operators read in the console (and
// tests read through the operator API). Real: an HTTP gateway configured by SMS_HTTP_URL.
import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { defineTable, type TableQuery } from '@/lib/admin/table-query';
import type { DbOrTx } from '@/lib/db';
import { log } from '@/lib/log';
import { effectiveSettings } from '@/lib/system/settings';
import { smsOutbox } from './schema';

export type SmsMessage = { to: string; text: string };

export interface SmsProvider {
  readonly name: string;
  send(db: DbOrTx, message: SmsMessage): Promise<void>;
}

export const outboxProvider: SmsProvider = {
  name: 'outbox',
  async send(db, { to, text }) {
    await db.insert(smsOutbox).values({ provider: 'outbox', recipient: to, body: text, status: 'sent' });
  },
};

/** Hides the digits of a code in what is kept once a real gateway has the message. */
const redactCodes = (text: string) => text.replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));

export function httpProvider(url: string, token?: string): SmsProvider {
  return {
    name: 'http',
    async send(db, { to, text }) {
      let error: string | null = null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) error = `HTTP ${response.status}`;
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      await db.insert(smsOutbox).values({
        provider: 'http',
        recipient: to,
        body: redactCodes(text),
        status: error ? 'failed' : 'sent',
        error,
      });
      if (error) {
        log.error({ to, error }, 'SMS gateway refused a message');
        throw new Error(`SMS gateway: ${error}`);
      }
    },
  };
}

/** The gateway in force: the operator's choice in the console (applied without a restart), else the environment's. */
export function smsProvider(): SmsProvider {
  const settings = effectiveSettings();
  return settings.smsProvider === 'http' && settings.smsHttpUrl
    ? httpProvider(settings.smsHttpUrl, settings.smsHttpToken)
    : outboxProvider;
}

export function latestOutbox(db: DbOrTx, limit: number) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
}

/** The console's outbox table (/admin/sms): newest first, by recipient (a number's digits) and status. */
export const OUTBOX_TABLE = defineTable({
  sorts: ['at'],
  defaultSort: 'at',
  filters: ['recipient', 'status'],
});

export async function listOutbox(
  db: DbOrTx,
  query: TableQuery<(typeof OUTBOX_TABLE.sorts)[number], (typeof OUTBOX_TABLE.filters)[number]>,
) {
  const where: SQL[] = [];
  const digits = query.filters.recipient?.replace(/\D/g, '');
  if (digits) where.push(like(smsOutbox.recipient, `%${digits}%`));
  if (query.filters.status) where.push(eq(smsOutbox.status, query.filters.status));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(smsOutbox)
      .where(condition)
      .orderBy(query.dir === 'asc' ? asc(smsOutbox.id) : desc(smsOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(smsOutbox).where(condition),
  ]);
  return { rows, total: count?.total ?? 0 };
}
