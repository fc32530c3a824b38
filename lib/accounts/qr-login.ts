// QR login (spec §4): the desktop shows a QR holding a one-time code; a signed-in phone opens it,
// the desktop hears "scanned", the phone confirms, and the desktop receives a fresh session token.
// Only the websocket that first asked about a code is told, so a code seen over a shoulder is useless
// without that desktop's connection.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { QR_LOGIN_TTL_SECONDS } from './rules';
import { qrLogins } from './schema';
import { createSession, hashToken } from './session';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new browser key for the `qr_login` cookie, or the browser's own when it already has a valid one. */
export function qrBrowserKey(cookie: string | undefined) {
  return cookie && /^[A-Za-z0-9_-]{22,64}$/.test(cookie) ? cookie : randomBytes(24).toString('base64url');
}

/** A code bound to the browser that asked for it (its `qr_login` cookie key). */
export async function createQrLogin(db: DbOrTx, browserKey: string, now: Date) {
  const code = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + QR_LOGIN_TTL_SECONDS * 1000);
  await db
    .insert(qrLogins)
    .values({ codeHash: hashCode(code), browserHash: hashCode(browserKey), expiresAt });
  return { code, expiresAt };
}

/**
 * `useToken`: the session made by a confirmed QR login, only in the browser that asked for the code,
 * and only once. Answers false for any other token or browser.
 */
export async function claimQrSession(db: DbOrTx, token: string, browserKey: string | undefined) {
  if (!browserKey) return false;
  const [row] = await db
    .update(qrLogins)
    .set({ sessionTokenHash: null })
    .where(
      and(
        eq(qrLogins.sessionTokenHash, hashToken(token)),
        eq(qrLogins.browserHash, hashCode(browserKey)),
        eq(qrLogins.status, 'confirmed'),
      ),
    )
    .returning({ id: qrLogins.id });
  return Boolean(row);
}

/** Registers the desktop's socket as the one listener of a live code; returns the login id or null. */
export async function claimQrListener(db: DbOrTx, code: string, listenerId: string, now: Date) {
  const [row] = await db
    .update(qrLogins)
    .set({ listenerId })
    .where(
      and(
        eq(qrLogins.codeHash, hashCode(code)),
        gt(qrLogins.expiresAt, now),
        or(isNull(qrLogins.listenerId), eq(qrLogins.listenerId, listenerId)),
      ),
    )
    .returning({ id: qrLogins.id });
  return row?.id ?? null;
}

async function liveLogin(db: DbOrTx, code: string, now: Date) {
  const [row] = await db
    .select()
    .from(qrLogins)
    .where(eq(qrLogins.codeHash, hashCode(code)));
  if (!row) throw new DomainError('QR_INVALID');
  if (row.status === 'confirmed' || row.status === 'cancelled') throw new DomainError('QR_USED');
  if (row.expiresAt <= now) throw new DomainError('QR_EXPIRED');
  return row;
}

/** The phone opened the code: it is now reserved for this user. */
export async function scanQrLogin(db: DbOrTx, code: string, userId: number, now: Date) {
  const row = await liveLogin(db, code, now);
  if (row.status === 'scanned' && row.userId !== userId) throw new DomainError('QR_USED');
  await db.update(qrLogins).set({ status: 'scanned', userId }).where(eq(qrLogins.id, row.id));
  return { id: row.id, expiresAt: row.expiresAt };
}

/** The phone confirmed: a new desktop session for the user who scanned. */
export async function confirmQrLogin(db: DbOrTx, code: string, userId: number, now: Date) {
  const row = await liveLogin(db, code, now);
  if (row.status !== 'scanned' || row.userId !== userId) throw new DomainError('QR_NOT_SCANNED');
  const [confirmed] = await db
    .update(qrLogins)
    .set({ status: 'confirmed' })
    .where(and(eq(qrLogins.id, row.id), eq(qrLogins.status, 'scanned')))
    .returning({ id: qrLogins.id });
  if (!confirmed) throw new DomainError('QR_USED');
  const session = await createSession(db, userId, now, { deviceType: 'pc' });
  await db
    .update(qrLogins)
    .set({ sessionTokenHash: hashToken(session.token) })
    .where(eq(qrLogins.id, row.id));
  return { id: row.id, token: session.token };
}

export async function cancelQrLogin(db: DbOrTx, code: string, userId: number, now: Date) {
  const row = await liveLogin(db, code, now);
  if (row.userId !== userId) throw new DomainError('QR_NOT_SCANNED');
  await db.update(qrLogins).set({ status: 'cancelled' }).where(eq(qrLogins.id, row.id));
}

/** Upkeep: codes an hour past their expiry are of no use to anyone. */
export function pruneQrLogins(db: DbOrTx, now: Date) {
  return db.delete(qrLogins).where(lt(qrLogins.expiresAt, new Date(now.getTime() - 3600_000)));
}
