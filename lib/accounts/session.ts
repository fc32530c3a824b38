// Sessions: opaque random tokens (256 bits) handed to the client, only their sha-256 kept here.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { SessionUser } from '@/lib/api/context';
import { type DbOrTx, isTransaction } from '@/lib/db';
import { assertNotBanned } from './sanctions';
import { sessions, users } from './schema';

export const SESSION_TTL_DAYS = 30;
export type { SessionUser } from '@/lib/api/context';
export { TOKEN_COOKIE, TOKEN_HEADER, tokenOfRequest } from '@/lib/api/session-token';

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a sign-in comes from, as the case file shows it (lib/accounts/case-file.ts). */
export type SignInOrigin = {
  deviceType?: string;
  /** The client address it is opened from, when the way in knows it. */
  address?: string;
  /** The browser's known-device id (login-throttle.ts), when it has one. */
  deviceId?: string;
  userAgent?: string;
};

export async function createSession(db: DbOrTx, userId: number, now: Date, origin: SignInOrigin = {}) {
  // Every way in (password, SMS code, QR login, registration) ends here: a ban refuses them all.
  await assertNotBanned(db, userId, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    deviceType: (origin.deviceType ?? 'pc').slice(0, 16),
    address: (origin.address ?? '').slice(0, 64),
    deviceId: (origin.deviceId ?? '').slice(0, 64),
    userAgent: (origin.userAgent ?? '').slice(0, 256),
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Records where a session is used from when it was opened elsewhere: a QR sign-in's session is made by the
 * phone's confirmation, and the desktop that claims it is the one the case file should show.
 */
export async function recordSessionOrigin(db: DbOrTx, token: string, origin: SignInOrigin) {
  await db
    .update(sessions)
    .set({
      address: (origin.address ?? '').slice(0, 64),
      deviceId: (origin.deviceId ?? '').slice(0, 64),
      userAgent: (origin.userAgent ?? '').slice(0, 256),
    })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

export async function findSessionUser(db: DbOrTx, token: string, now: Date): Promise<SessionUser | null> {
  if (!isTransaction(db)) return sessionLookups(db).find(hashToken(token), now);
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      isAnchor: users.isAnchor,
      role: users.role,
      experience: users.experience,
      timeZone: users.timeZone,
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

/** Lookup queries a pool runs at once; the lookups arriving meanwhile wait and share the next one. */
const LOOKUPS_IN_FLIGHT = 2;

/**
 * Every API request finds its session. The lookups that arrive while earlier ones are running share one
 * query (a burst of gift sends at a goal costs one round trip, not one each); each is answered from the
 * database as it is when its query runs, as if alone: nothing is cached.
 */
class SessionLookups {
  private waiting: {
    hash: string;
    now: Date;
    resolve: (user: SessionUser | null) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private running = 0;

  constructor(private readonly db: DbOrTx) {}

  find(hash: string, now: Date) {
    return new Promise<SessionUser | null>((resolve, reject) => {
      this.waiting.push({ hash, now, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < LOOKUPS_IN_FLIGHT && this.waiting.length) {
      const batch = this.waiting.splice(0, 1000);
      this.running += 1;
      void this.lookUp(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async lookUp(batch: SessionLookups['waiting']) {
    try {
      const { rows } = await this.db.execute<{
        i: string;
        id: number;
        nickname: string;
        avatar: string;
        is_anchor: boolean;
        role: SessionUser['role'];
        experience: number;
        time_zone: string | null;
      }>(sql`
        select q.i, u.id, u.nickname, u.avatar, u.is_anchor, u.role, u.experience, u.time_zone
        from unnest(${sql.param(batch.map((w) => w.hash))}::text[],
                    ${sql.param(batch.map((w) => w.now.toISOString()))}::timestamptz[]) with ordinality as q(hash, now, i)
        join sessions s on s.token_hash = q.hash and s.revoked_at is null and s.expires_at > q.now
        join users u on u.id = s.user_id and (u.banned_until is null or u.banned_until <= q.now)`);
      const found = new Map(rows.map((row) => [Number(row.i), row]));
      batch.forEach((waiting, i) => {
        const row = found.get(i + 1);
        waiting.resolve(
          row
            ? {
                id: row.id,
                nickname: row.nickname,
                avatar: row.avatar,
                isAnchor: row.is_anchor,
                role: row.role,
                experience: row.experience,
                timeZone: row.time_zone,
              }
            : null,
        );
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

const lookups = new WeakMap<object, SessionLookups>();
function sessionLookups(db: DbOrTx) {
  let found = lookups.get(db);
  if (!found) {
    found = new SessionLookups(db);
    lookups.set(db, found);
  }
  return found;
}

export async function revokeSession(db: DbOrTx, token: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
