// The invitation program. Every user has an invite code (`users.invite_code`, given at sign-up) and
// a link `/register?code=`; a sign-up through it is recorded with its address and device. A reward
// (coins) is paid to the inviter only for what cannot be undone — the invitee's first recharge once
// past the refund window, or the invitee watching live rooms on three different days — never for a
// bare sign-up. Only real money counts: a recharge through the sandbox provider never qualifies. One
// level only, a lifetime cap per inviter, and fraud signals hold the reward for an operator: an invitee
// who never watched, a sign-up without a device signal, on the inviter's own browser or from an address
// the inviter signs in from, or one of many sign-ups from one address or device within an hour.
// Rewards are settled on read (the invite centre, the operators' list) and by a periodic job; each
// payment is an operation keyed by the invitee, so it happens once whoever settles first.
import { and, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import type { Registration } from '@/lib/accounts/registration-hooks';
import { sessions, users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { localDay } from '@/lib/tasks/rules';
import { taskRules } from '@/lib/tasks/service';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { payOrders } from '@/lib/wallet/schema';
import { type InviteRules, inviteRules } from './rules';
import { invitations, watchDays } from './schema';

const HOUR_MS = 3600 * 1000;

/**
 * Why a qualified reward waits for an operator (shown translated in the review queue,
 * `admin.review.holdReasons.<code>`), in the order they are looked for.
 */
export const INVITE_HOLD_REASONS = [
  'never_watched',
  'no_device',
  'inviter_device',
  'inviter_address',
  'same_address',
  'same_device',
] as const;
export type InviteHoldReason = (typeof INVITE_HOLD_REASONS)[number];
const DAY_MS = 24 * HOUR_MS;

/**
 * Called when a sign-up used an invite code. `device` is the browser's verified known-device id ('' when
 * it brought none) and `deviceUserId` the user that browser last signed in as.
 */
export async function recordInvitation(
  db: DbOrTx,
  input: {
    inviteeId: number;
    inviterId: number;
    address: string;
    device: string;
    deviceUserId: number | null;
    now: Date;
  },
) {
  await db
    .insert(invitations)
    .values({
      inviteeId: input.inviteeId,
      inviterId: input.inviterId,
      address: input.address.slice(0, 64),
      device: input.device.slice(0, 64),
      deviceUserId: input.deviceUserId,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

/** Accounts' step after a sign-up (lib/accounts/registration-hooks.ts): who invited them, from where. */
export async function recordInvitee(db: DbOrTx, registration: Registration) {
  if (registration.invitedBy === null) return;
  await recordInvitation(db, {
    inviteeId: registration.userId,
    inviterId: registration.invitedBy,
    address: registration.address,
    device: registration.device?.deviceId ?? '',
    deviceUserId: registration.device?.userId ?? null,
    now: registration.now,
  });
}

/**
 * A signed-in viewer opened a live room today (the "active on different days" rule); the day is the
 * portal's, in the time zone of the coin rules (lib/tasks/rules.ts).
 */
export async function noteWatchDay(db: DbOrTx, userId: number, now: Date) {
  const { timeZone } = await taskRules(db);
  await db
    .insert(watchDays)
    .values({ userId, day: localDay(now, timeZone) })
    .onConflictDoNothing();
}

type Candidate = typeof invitations.$inferSelect;

/** The invitee signed up on a browser the inviter signed in on, or the one the inviter signed up on. */
async function onInvitersDevice(db: DbOrTx, row: Candidate) {
  if (row.deviceUserId === row.inviterId) return true;
  const [own] = await db
    .select({ device: invitations.device })
    .from(invitations)
    .where(eq(invitations.inviteeId, row.inviterId));
  return Boolean(own?.device) && own!.device === row.device;
}

/** The invitee signed up from an address the inviter signed in from (or signed up from). */
async function fromInvitersAddress(db: DbOrTx, row: Candidate) {
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, row.inviterId), eq(sessions.address, row.address)))
    .limit(1);
  if (session) return true;
  const [own] = await db
    .select({ address: invitations.address })
    .from(invitations)
    .where(eq(invitations.inviteeId, row.inviterId));
  return own?.address === row.address;
}

/** What qualifies a waiting invitation now, if anything, and which fraud signal would hold it. */
async function assess(db: DbOrTx, rules: InviteRules, row: Candidate, now: Date) {
  const [[recharge], [days]] = await Promise.all([
    db
      .select({ first: sql<Date | null>`min(${payOrders.settledAt})` })
      .from(payOrders)
      // Real money only: the sandbox checkout takes none.
      .where(
        and(
          eq(payOrders.userId, row.inviteeId),
          eq(payOrders.status, 'paid'),
          ne(payOrders.channel, 'sandbox'),
        ),
      ),
    db.select({ days: count() }).from(watchDays).where(eq(watchDays.userId, row.inviteeId)),
  ]);
  const firstRecharge = recharge?.first ? new Date(recharge.first) : null;
  const watched = days?.days ?? 0;
  let reason: 'recharge' | 'active_days' | null = null;
  if (firstRecharge && firstRecharge.getTime() + rules.refundWindowDays * DAY_MS <= now.getTime())
    reason = 'recharge';
  else if (watched >= rules.activeDays) reason = 'active_days';
  if (!reason) return null;
  const around = (column: typeof invitations.address | typeof invitations.device, value: string) =>
    db
      .select({ n: count() })
      .from(invitations)
      .where(
        and(
          eq(column, value),
          gte(invitations.createdAt, new Date(row.createdAt.getTime() - HOUR_MS)),
          lte(invitations.createdAt, new Date(row.createdAt.getTime() + HOUR_MS)),
        ),
      );
  let hold: InviteHoldReason | null = null;
  if (watched === 0) hold = 'never_watched';
  else if (!row.device) hold = 'no_device';
  else if (await onInvitersDevice(db, row)) hold = 'inviter_device';
  else if (row.address && (await fromInvitersAddress(db, row))) hold = 'inviter_address';
  else if (
    row.address &&
    ((await around(invitations.address, row.address))[0]?.n ?? 0) >= rules.signupsPerHour
  )
    hold = 'same_address';
  else if (((await around(invitations.device, row.device))[0]?.n ?? 0) >= rules.signupsPerHour)
    hold = 'same_device';
  return { reason, hold };
}

/**
 * Pays one invitation's reward (once: the operation is keyed by the invitee). Inside the transaction
 * the inviter's row is locked and their paid rewards counted, so the lifetime cap holds under
 * concurrency; past the cap the invitation is marked `capped` and nothing moves.
 */
async function pay(db: DbOrTx, row: Candidate, reason: string, now: Date, from: readonly string[]) {
  const rules = await inviteRules(db);
  return runOperation<{ status: string }>(db, {
    key: `invite-reward:${row.inviteeId}`,
    kind: 'invite_reward',
    userId: row.inviterId,
    payload: { invitee: row.inviteeId },
    now,
    prepare: async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, row.inviterId)).for('update');
      const [current] = await tx
        .select({ status: invitations.status })
        .from(invitations)
        .where(eq(invitations.inviteeId, row.inviteeId));
      if (!current || !from.includes(current.status)) throw new DomainError('INVITE_REWARD_DECIDED');
      const [paid] = await tx
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.inviterId, row.inviterId), eq(invitations.status, 'paid')));
      const capped = (paid?.n ?? 0) >= rules.lifetimeCap;
      await tx
        .update(invitations)
        .set({
          status: capped ? 'capped' : 'paid',
          reason,
          reward: capped ? 0 : rules.reward,
          decidedAt: now,
        })
        .where(eq(invitations.inviteeId, row.inviteeId));
      return {
        legs: capped ? [] : [mintLeg(row.inviterId, 'coin', rules.reward)],
        result: { status: capped ? 'capped' : 'paid' },
      };
    },
  });
}

/** Settles waiting invitations (of one inviter, or all): pays, holds for review, or leaves waiting. */
export async function settleInvitations(db: DbOrTx, input: { inviterId?: number; now: Date }) {
  const waiting = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.status, 'waiting'),
        input.inviterId ? eq(invitations.inviterId, input.inviterId) : undefined,
      ),
    )
    .limit(500);
  const rules = waiting.length ? await inviteRules(db) : null;
  for (const row of waiting) {
    const verdict = await assess(db, rules!, row, input.now);
    if (!verdict) continue;
    if (verdict.hold) {
      await db
        .update(invitations)
        .set({ status: 'held', reason: verdict.reason, holdReason: verdict.hold, decidedAt: input.now })
        .where(and(eq(invitations.inviteeId, row.inviteeId), eq(invitations.status, 'waiting')));
      continue;
    }
    try {
      await pay(db, row, verdict.reason, input.now, ['waiting']);
    } catch (error) {
      // Someone else settled it a moment ago.
      if (!(error instanceof DomainError && error.code === 'INVITE_REWARD_DECIDED')) throw error;
    }
  }
}

/** What the invite centre and `api/Distribution/Invitation` show the inviter. */
export async function invitationOverview(db: DbOrTx, userId: number, now: Date) {
  await settleInvitations(db, { inviterId: userId, now });
  const rules = await inviteRules(db);
  const [me] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ invitation: invitations, nickname: users.nickname, avatar: users.avatar })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviteeId))
    .where(eq(invitations.inviterId, userId))
    .orderBy(desc(invitations.createdAt))
    .limit(200);
  const [totals] = await db
    .select({
      invited: count(),
      earned: sql<number>`coalesce(sum(${invitations.reward}), 0)::int`,
      paid: sql<number>`count(*) filter (where ${invitations.status} = 'paid')::int`,
    })
    .from(invitations)
    .where(eq(invitations.inviterId, userId));
  return {
    code: me?.code ?? '',
    invited: totals?.invited ?? 0,
    rewarded: totals?.paid ?? 0,
    earned: totals?.earned ?? 0,
    reward: rules.reward,
    cap: rules.lifetimeCap,
    active_days: rules.activeDays,
    refund_days: rules.refundWindowDays,
    list: rows.map(({ invitation, nickname, avatar }) => ({
      user_id: invitation.inviteeId,
      nickname,
      avatar: avatarOf({ id: invitation.inviteeId, avatar }),
      joined_at: invitation.createdAt.toISOString(),
      // An inviter sees held rewards as still pending: the fraud signal is for operators only.
      status: invitation.status === 'held' ? ('waiting' as const) : invitation.status,
      reward: invitation.reward,
    })),
  };
}

/** An operator pays a held reward (still within the cap) or rejects it. */
export async function decideHeld(db: DbOrTx, input: { inviteeId: number; approve: boolean; now: Date }) {
  const [row] = await db.select().from(invitations).where(eq(invitations.inviteeId, input.inviteeId));
  if (!row) throw new NotFoundError('INVITATION_NOT_FOUND');
  if (row.status !== 'held') throw new DomainError('INVITE_REWARD_DECIDED');
  if (input.approve) {
    const outcome = await pay(db, row, row.reason ?? 'reviewed', input.now, ['held']);
    return { invitee_id: row.inviteeId, status: outcome.result.status };
  }
  const updated = await db
    .update(invitations)
    .set({ status: 'rejected', decidedAt: input.now })
    .where(and(eq(invitations.inviteeId, row.inviteeId), eq(invitations.status, 'held')))
    .returning({ id: invitations.inviteeId });
  if (!updated.length) throw new DomainError('INVITE_REWARD_DECIDED');
  return { invitee_id: row.inviteeId, status: 'rejected' };
}
