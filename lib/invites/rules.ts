// The invitation program's rules an operator may change (stored in `invite_settings`, seeded with
// these defaults on first use): the reward, the lifetime cap per inviter, what qualifies an invitee
// (a first recharge past the refund window, or watching on enough different days) and the fraud
// threshold that holds a reward for review. Read through the shared state cache, so a change made
// through `api/admin/invitations/saveRules` applies without a restart (on other nodes within the
// cache's TTL).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cachedChatState, chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import type { DbOrTx } from '@/lib/db';
import { inviteSettings } from './schema';

export const inviteRulesSchema = z.object({
  /** Coins per qualified invitee. */
  reward: z.number().int().min(1).max(100_000),
  /** Rewards an inviter can ever receive. */
  lifetimeCap: z.number().int().min(0).max(100_000),
  /** A recharge counts once it can no longer be refunded. */
  refundWindowDays: z.number().int().min(0).max(365),
  /** Or: the invitee watched live rooms on this many different days. */
  activeDays: z.number().int().min(1).max(365),
  /** This many sign-ups (through any invitation) from one address or device within an hour is a signal. */
  signupsPerHour: z.number().int().min(2).max(10_000),
});
export type InviteRules = z.infer<typeof inviteRulesSchema>;

export const DEFAULT_INVITE_RULES: InviteRules = {
  reward: 200,
  lifetimeCap: 20,
  refundWindowDays: 7,
  activeDays: 3,
  signupsPerHour: 3,
};

/** The rules in force (the defaults are stored on first use; a row that no longer parses reads as them). */
export function inviteRules(db: DbOrTx): Promise<InviteRules> {
  return cachedChatState(chatStateKeys.inviteRules(), () => storedRules(db));
}

async function storedRules(db: DbOrTx) {
  const [row] = await db
    .select({ rules: inviteSettings.rules })
    .from(inviteSettings)
    .where(eq(inviteSettings.id, 1));
  if (!row) {
    await db.insert(inviteSettings).values({ id: 1, rules: DEFAULT_INVITE_RULES }).onConflictDoNothing();
    return DEFAULT_INVITE_RULES;
  }
  const parsed = inviteRulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : DEFAULT_INVITE_RULES;
}

/**
 * Changes some of the rules (an operator's change, merged onto the stored ones, not a node's cached
 * copy); the result must parse as a whole.
 */
export async function saveInviteRules(db: DbOrTx, change: Partial<InviteRules>, now: Date) {
  // A field sent empty arrives as undefined (absent): it keeps the stored value.
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const rules = inviteRulesSchema.parse({ ...(await storedRules(db)), ...given });
  await db
    .insert(inviteSettings)
    .values({ id: 1, rules, updatedAt: now })
    .onConflictDoUpdate({ target: inviteSettings.id, set: { rules, updatedAt: now } });
  await invalidateChatState(chatStateKeys.inviteRules());
  return rules;
}
