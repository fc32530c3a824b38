// The coin rules an operator may change (`api/admin/tasks/saveRules`; stored in `task_settings`,
// seeded with these defaults, applied without a restart): the day's time zone, the 7-day sign-in
// rewards, each task's reward and target, and the daily cap on coins from tasks. Tasks are daily
// (progress counted within the local day) or one-off (counted ever).
import { z } from 'zod';
import { dayIn, isTimeZone, zoneOffsetMinutes } from '@/lib/time/zone';

export const DAILY_TASKS = ['watch', 'chat', 'gift', 'share', 'read', 'post'] as const;
export const ONCE_TASKS = ['profile', 'realName', 'recharge', 'fanClub', 'follow'] as const;
export const TASKS = [...DAILY_TASKS, ...ONCE_TASKS] as const;
export type TaskCode = (typeof TASKS)[number];

export const SIGN_CYCLE_DAYS = 7;
/** Heartbeats further apart than this are two visits: the time between them is not counted. */
export const WATCH_BEAT_MAX_GAP_MS = 90_000;

const taskRule = z.object({ reward: z.number().int().min(1).max(100_000), target: z.number().int().min(1) });

export const rulesSchema = z.object({
  timeZone: z.string().refine(isTimeZone),
  signRewards: z.array(z.number().int().min(1).max(100_000)).length(SIGN_CYCLE_DAYS),
  dailyTaskCap: z.number().int().min(0),
  tasks: z.object(
    Object.fromEntries(TASKS.map((task) => [task, taskRule])) as Record<TaskCode, typeof taskRule>,
  ),
});
export type TaskRules = z.infer<typeof rulesSchema>;

/** What an operator's change may hold: any of the rules, any of the tasks. */
export const rulesChangeSchema = rulesSchema
  .extend({ tasks: rulesSchema.shape.tasks.partial().strict() })
  .partial()
  .strict();
export type TaskRulesChange = z.infer<typeof rulesChangeSchema>;

/** Targets: watch in minutes, read in articles, profile = avatar + nickname, follow in anchors. */
export const DEFAULT_RULES: TaskRules = {
  timeZone: 'Asia/Shanghai',
  signRewards: [5, 10, 15, 20, 25, 30, 50],
  dailyTaskCap: 100,
  tasks: {
    watch: { reward: 20, target: 10 },
    chat: { reward: 5, target: 1 },
    gift: { reward: 10, target: 1 },
    share: { reward: 5, target: 1 },
    read: { reward: 10, target: 3 },
    post: { reward: 10, target: 1 },
    profile: { reward: 20, target: 2 },
    realName: { reward: 50, target: 1 },
    recharge: { reward: 100, target: 1 },
    fanClub: { reward: 30, target: 1 },
    follow: { reward: 30, target: 3 },
  },
};

export const isDailyTask = (task: TaskCode) => (DAILY_TASKS as readonly string[]).includes(task);

/** `YYYY-MM-DD` of an instant in a zone. */
export const localDay = dayIn;

/** The day before `day` (plain calendar arithmetic). */
export function previousDay(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! - 1)).toISOString().slice(0, 10);
}

/** The day after `day`. */
export function nextDay(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/** The instant a calendar day starts in a zone (DST-safe: the offset is read at the start itself). */
export function dayStart(day: string, timeZone: string) {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMinutes(timeZone, midnightUtc) * 60_000;
  return new Date(midnightUtc - zoneOffsetMinutes(timeZone, guess) * 60_000);
}
