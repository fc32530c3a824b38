// Coins' earning side: the daily sign-in (a 7-day cycle of rising rewards on a streak) and tasks whose
// progress the server counts from what really happened (chat lines, gifts, readings, posts, payments,
// fan clubs and follows in their own tables; shares and follows-ever in `task_marks`; watch time from
// the gateway's heartbeats in `watch_time`). Every grant is one ledger operation minting `coin`.

import { and, eq, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError } from '@/lib/api/errors';
import { cachedChatState, chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import type { DbOrTx } from '@/lib/db';
import { LOCALES } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import {
  DEFAULT_RULES,
  dayStart,
  isDailyTask,
  localDay,
  nextDay,
  previousDay,
  rulesSchema,
  SIGN_CYCLE_DAYS,
  TASKS,
  type TaskCode,
  type TaskRules,
  type TaskRulesChange,
  WATCH_BEAT_MAX_GAP_MS,
} from './rules';
import { signIns, taskClaims, taskSettings } from './schema';

/**
 * The rules in force, cached like the gift catalog (every watch heartbeat reads them): `saveTaskRules`
 * invalidates them; another node's change reaches this one within the cache's TTL.
 */
export function taskRules(db: DbOrTx): Promise<TaskRules> {
  return cachedChatState(chatStateKeys.taskRules(), () => storedTaskRules(db));
}

/** The operator's rules (the defaults are stored on first use when the row is missing). */
async function storedTaskRules(db: DbOrTx) {
  const [row] = await db
    .select({ rules: taskSettings.rules })
    .from(taskSettings)
    .where(eq(taskSettings.id, 1));
  if (!row) {
    await db.insert(taskSettings).values({ id: 1, rules: DEFAULT_RULES }).onConflictDoNothing();
    return DEFAULT_RULES;
  }
  const parsed = rulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : DEFAULT_RULES;
}

/** Replaces the rules (an operator's change); refused when they do not parse. */
export async function saveTaskRules(db: DbOrTx, rules: TaskRules, now: Date) {
  const parsed = rulesSchema.parse(rules);
  await db
    .insert(taskSettings)
    .values({ id: 1, rules: parsed, updatedAt: now })
    .onConflictDoUpdate({ target: taskSettings.id, set: { rules: parsed, updatedAt: now } });
  await invalidateChatState(chatStateKeys.taskRules());
  return parsed;
}

/** Changes some of the rules (the admin call): merged onto the stored ones, then saved as a whole. */
export async function changeTaskRules(db: DbOrTx, change: TaskRulesChange, now: Date) {
  const stored = await storedTaskRules(db);
  // A field sent empty arrives as undefined (absent): it keeps the stored value.
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  return saveTaskRules(
    db,
    { ...stored, ...given, tasks: { ...stored.tasks, ...change.tasks } as TaskRules['tasks'] },
    now,
  );
}

const cycleDay = (streak: number) => ((streak - 1) % SIGN_CYCLE_DAYS) + 1;

async function signState(db: DbOrTx, userId: number, day: string) {
  const { rows } = await db.execute<{ day: string; streak: number }>(sql`
    select day, streak from sign_ins where user_id = ${userId} and day in (${day}, ${previousDay(day)})`);
  const today = rows.find((row) => row.day === day);
  const yesterday = rows.find((row) => row.day !== day);
  const streak = today ? Number(today.streak) : yesterday ? Number(yesterday.streak) + 1 : 1;
  return { signed: Boolean(today), streak };
}

/**
 * `pcSignTaskList`: whether the caller signed in today (`is_sign`), the cycle's seven days with their
 * rewards (`list`) and today's place in it (`today`), plus the streak.
 */
export async function signTaskList(db: DbOrTx, userId: number, now: Date) {
  const rules = await taskRules(db);
  const day = localDay(now, rules.timeZone);
  const { signed, streak } = await signState(db, userId, day);
  const today = cycleDay(streak);
  const list = rules.signRewards.map((reward, index) => ({
    id: index + 1,
    reward,
    is_sign: index + 1 < today || (index + 1 === today && signed),
  }));
  return { is_sign: signed, today, date: day, streak: signed ? streak : streak - 1, list };
}

/** `task_handle_sign`: signs in for today's cycle day `id`, once per local day. */
export async function signIn(db: DbOrTx, userId: number, id: number, now: Date) {
  const rules = await taskRules(db);
  const day = localDay(now, rules.timeZone);
  const state = await signState(db, userId, day);
  if (state.signed) throw new DomainError('SIGN_ALREADY');
  if (id !== cycleDay(state.streak)) throw new DomainError('SIGN_NOT_TODAY');
  const outcome = await runOperation(db, {
    key: `sign:${userId}:${day}`,
    kind: 'sign_in',
    userId,
    payload: { day },
    now,
    prepare: async (tx, operationId) => {
      // Read again inside the operation: the streak is the one this day's row is written with.
      const { streak } = await signState(tx, userId, day);
      const reward = rules.signRewards[cycleDay(streak) - 1]!;
      await tx.insert(signIns).values({ userId, day, streak, reward, operationId, signedAt: now });
      return {
        legs: [mintLeg(userId, 'coin', reward)],
        result: { day, id: cycleDay(streak), streak, reward, balance: 0 },
        balanceFields: { balance: { user: userId, currency: 'coin' } },
      };
    },
  });
  if (outcome.replayed) throw new DomainError('SIGN_ALREADY');
  return outcome.result;
}

type Counts = Record<TaskCode, number>;

/** Raw progress of every task for a user on a local day (daily tasks within the day, one-off ever). */
async function taskCounts(db: DbOrTx, userId: number, day: string, timeZone: string): Promise<Counts> {
  const from = dayStart(day, timeZone).toISOString();
  const to = dayStart(nextDay(day), timeZone).toISOString();
  const { rows } = await db.execute<Record<string, string | number | null>>(sql`
    select
      (select coalesce(sum(seconds), 0) from watch_time where user_id = ${userId} and day = ${day}) as watch,
      (select count(*) from chat_messages where user_id = ${userId} and gift is null and deleted_at is null
         and review_status <> 'rejected'
         and created_at >= ${from} and created_at < ${to}) as chat,
      (select count(*) from gift_sends where sender_id = ${userId}
         and created_at >= ${from} and created_at < ${to}) as gift,
      (select count(*) from task_marks where user_id = ${userId} and kind = 'share' and period = ${day}) as share,
      (select count(*) from news_reads where user_id = ${userId}
         and read_at >= ${from} and read_at < ${to}) as read,
      (select count(*) from posts where author_id = ${userId} and channel = 'circle' and deleted_at is null
         and review_status <> 'rejected' and created_at >= ${from} and created_at < ${to}) as post,
      (select count(*) from identity_verifications where user_id = ${userId} and status = 'succeeded') as real_name,
      (select count(*) from pay_orders where user_id = ${userId} and status in ('paid', 'paid_after_cancel')) as recharge,
      (select count(*) from fan_club_members where user_id = ${userId}) as fan_club,
      (select count(*) from (
         select anchor_id from follows where user_id = ${userId}
         union select subject_id from task_marks where user_id = ${userId} and kind = 'follow') as ever) as follow`);
  const row = rows[0]!;
  const [user] = await db
    .select({ avatar: users.avatar, nickname: users.nickname, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  const digits = user?.mobile.slice(-4) ?? '';
  const defaults = LOCALES.map((locale) => translator(locale)('accounts.defaultNickname', { digits }));
  const profile = (user?.avatar ? 1 : 0) + (user && !defaults.includes(user.nickname) ? 1 : 0);
  return {
    watch: Math.floor(Number(row.watch) / 60),
    chat: Number(row.chat),
    gift: Number(row.gift),
    share: Number(row.share),
    read: Number(row.read),
    post: Number(row.post),
    profile,
    realName: Number(row.real_name),
    recharge: Number(row.recharge),
    fanClub: Number(row.fan_club),
    follow: Number(row.follow),
  };
}

const periodOf = (task: TaskCode, day: string) => (isDailyTask(task) ? day : 'once');

export type TaskStatus = 'todo' | 'claimable' | 'claimed';

/** `user_task_list`: every task with its progress, reward and status, and today's coins from tasks. */
export async function userTaskList(db: DbOrTx, userId: number, now: Date) {
  const rules = await taskRules(db);
  const day = localDay(now, rules.timeZone);
  const [counts, claims] = await Promise.all([
    taskCounts(db, userId, day, rules.timeZone),
    db
      .select({
        task: taskClaims.task,
        period: taskClaims.period,
        day: taskClaims.day,
        reward: taskClaims.reward,
      })
      .from(taskClaims)
      .where(eq(taskClaims.userId, userId)),
  ]);
  const claimed = new Set(claims.map((claim) => `${claim.task}:${claim.period}`));
  const earnedToday = claims
    .filter((claim) => claim.day === day)
    .reduce((sum, claim) => sum + claim.reward, 0);
  const list = TASKS.map((task) => {
    const { reward, target } = rules.tasks[task];
    const progress = Math.min(counts[task], target);
    const status: TaskStatus = claimed.has(`${task}:${periodOf(task, day)}`)
      ? 'claimed'
      : progress >= target
        ? 'claimable'
        : 'todo';
    return {
      id: task,
      type: isDailyTask(task) ? ('daily' as const) : ('once' as const),
      progress,
      target,
      reward,
      status,
    };
  });
  return { list, earned_today: earnedToday, daily_cap: rules.dailyTaskCap, date: day };
}

/** Claims a finished task's reward, once per period, within the daily cap (a partial grant up to it). */
export async function claimTask(db: DbOrTx, userId: number, task: TaskCode, now: Date) {
  const rules = await taskRules(db);
  const day = localDay(now, rules.timeZone);
  const period = periodOf(task, day);
  const [already] = await db
    .select({ task: taskClaims.task })
    .from(taskClaims)
    .where(and(eq(taskClaims.userId, userId), eq(taskClaims.task, task), eq(taskClaims.period, period)));
  if (already) throw new DomainError('TASK_CLAIMED');
  const counts = await taskCounts(db, userId, day, rules.timeZone);
  const { reward, target } = rules.tasks[task];
  if (counts[task] < target) throw new DomainError('TASK_NOT_DONE');
  const outcome = await runOperation(db, {
    key: `task:${userId}:${task}:${period}`,
    kind: 'task_reward',
    userId,
    payload: { task, period },
    now,
    prepare: async (tx, operationId) => {
      // One claim of this user at a time: the cap's sum cannot be read by two claims at once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('task-claims'), ${userId})`);
      const { rows } = await tx.execute<{ earned: string }>(sql`
        select coalesce(sum(reward), 0) as earned from task_claims where user_id = ${userId} and day = ${day}`);
      const grant = Math.min(reward, rules.dailyTaskCap - Number(rows[0]!.earned));
      if (grant <= 0) throw new DomainError('TASK_DAILY_CAP', { values: { cap: rules.dailyTaskCap } });
      await tx
        .insert(taskClaims)
        .values({ userId, task, period, day, reward: grant, operationId, claimedAt: now });
      return {
        legs: [mintLeg(userId, 'coin', grant)],
        result: { task, reward: grant, balance: 0 },
        balanceFields: { balance: { user: userId, currency: 'coin' } },
      };
    },
  });
  if (outcome.replayed) throw new DomainError('TASK_CLAIMED');
  return outcome.result;
}

/** How many things wait for the user: today's sign-in, and finished tasks not yet claimed (the dot). */
export async function claimableCount(db: DbOrTx, userId: number, now: Date) {
  const [sign, tasks] = await Promise.all([signTaskList(db, userId, now), userTaskList(db, userId, now)]);
  const capReached = tasks.earned_today >= tasks.daily_cap;
  const claimable = capReached ? 0 : tasks.list.filter((task) => task.status === 'claimable').length;
  return (sign.is_sign ? 0 : 1) + claimable;
}

/**
 * A heartbeat of a signed-in viewer's socket in a live room (the gateway calls it): the time since the
 * previous beat counts as watched when the room is live and the beats are at most 90 s apart. Several
 * tabs beat into the same row, so time is never counted twice.
 */
export async function recordWatchBeat(db: DbOrTx, userId: number, roomId: number, now: Date) {
  const rules = await taskRules(db);
  const day = localDay(now, rules.timeZone);
  const at = now.toISOString();
  await db.execute(sql`
    insert into watch_time (user_id, day, seconds, last_beat_at)
    select ${userId}, ${day}, 0, ${at}
    from live_rooms where id = ${roomId} and status = 'live'
    on conflict (user_id, day) do update set
      seconds = watch_time.seconds + case
        when excluded.last_beat_at > watch_time.last_beat_at
         and excluded.last_beat_at - watch_time.last_beat_at <= ${`${WATCH_BEAT_MAX_GAP_MS} milliseconds`}::interval
        then floor(extract(epoch from excluded.last_beat_at - watch_time.last_beat_at))::int else 0 end,
      last_beat_at = greatest(watch_time.last_beat_at, excluded.last_beat_at)`);
}
