// Sessions: opaque random tokens (256 bits) handed to the client, only their sha-256 kept here.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { SessionUser } from '@/lib/api/context';
import type { DbOrTx } from '@/lib/db';
import { assertNotBanned } from './sanctions';
import { sessions, users } from './schema';

export const SESSION_TTL_DAYS = 30;
export type { SessionUser } from '@/lib/api/context';
export { TOKEN_COOKIE, TOKEN_HEADER, tokenOfRequest } from '@/lib/api/session-token';

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: DbOrTx, userId: number, now: Date, deviceType = 'pc') {
  // Every way in (password, SMS code, QR login, registration) ends here: a ban refuses them all.
  await assertNotBanned(db, userId, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), deviceType, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(db: DbOrTx, token: string, now: Date): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      isAnchor: users.isAnchor,
      role: users.role,
      experience: users.experience,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(isNull(users.bannedUntil), lte(users.bannedUntil, now)),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: DbOrTx, token: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
