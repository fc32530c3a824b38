// Sign-in and task calls (spec §7 Tasks and shop): `api/Activity/pcSignTaskList`,
// `api/Activity/task_handle_sign` (body id: today's day of the cycle), `api/Activity_Config/user_task_list`,
// and the claim of a finished task (`api/Activity_Config/receive_task`, ours: the spec names none).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rulesChangeSchema, rulesSchema, SIGN_CYCLE_DAYS, TASKS } from './rules';
import { changeTaskRules, claimTask, signIn, signTaskList, taskRules, userTaskList } from './service';

export function registerTaskRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Activity/pcSignTaskList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Tasks',
      summary:
        "The caller's sign-in: whether today is signed (`is_sign`), the 7-day cycle with each day's coins (`list`), today's day of the cycle (`today`), the streak; days in the portal's time zone",
      middleware: [requireUser],
      output: z.object({
        is_sign: z.boolean(),
        today: z.number(),
        date: z.string(),
        streak: z.number(),
        list: z.array(z.object({ id: z.number(), reward: z.number(), is_sign: z.boolean() })),
      }),
    },
    (c) => signTaskList(c.var.db, c.var.user!.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Activity/task_handle_sign',
      effect: 'write',
      methods: ['post'],
      tag: 'Tasks',
      summary:
        "Signs in for today (`id` = today's day of the cycle) and grants its coins; once per day, a second call is refused",
      middleware: [requireUser],
      input: z.object({ id: z.coerce.number().int().min(1).max(SIGN_CYCLE_DAYS) }),
      output: z.object({
        day: z.string(),
        id: z.number(),
        streak: z.number(),
        reward: z.number(),
        balance: z.number(),
      }),
    },
    (c, input) => signIn(c.var.db, c.var.user!.id, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Activity_Config/user_task_list',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Tasks',
      summary:
        "The caller's daily and one-off tasks with progress counted by the server, reward in coins and status (todo, claimable, claimed), and today's coins from tasks against the daily cap",
      middleware: [requireUser],
      output: z.object({
        list: z.array(
          z.object({
            id: z.enum(TASKS),
            type: z.enum(['daily', 'once']),
            progress: z.number(),
            target: z.number(),
            reward: z.number(),
            status: z.enum(['todo', 'claimable', 'claimed']),
          }),
        ),
        earned_today: z.number(),
        daily_cap: z.number(),
        date: z.string(),
      }),
    },
    (c) => userTaskList(c.var.db, c.var.user!.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Activity_Config/receive_task',
      effect: 'write',
      methods: ['post'],
      tag: 'Tasks',
      summary:
        "Claims a finished task's coins: once per day for daily tasks, once ever for one-off tasks, within the daily cap on coins from tasks (the last claim gets what is left of it)",
      middleware: [requireUser],
      input: z.object({ id: z.enum(TASKS) }),
      output: z.object({ task: z.string(), reward: z.number(), balance: z.number() }),
    },
    (c, input) => claimTask(c.var.db, c.var.user!.id, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/tasks/rules',
      effect: 'read',
      methods: ['get'],
      tag: 'Tasks',
      summary:
        "The coin rules in force: the day's time zone, the 7 sign-in rewards, each task's reward and target, the daily cap on coins from tasks (operators, finance)",
      staff: ['finance'],
      output: rulesSchema,
    },
    (c) => taskRules(c.var.db),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/tasks/saveRules',
      effect: 'write',
      methods: ['post'],
      tag: 'Tasks',
      summary:
        'Changes some of the coin rules (the fields and tasks given); they apply at once, on every node within the shared cache’s lifetime (operators, finance)',
      staff: ['finance'],
      input: rulesChangeSchema,
      output: rulesSchema,
    },
    (c, input) => changeTaskRules(c.var.db, input, c.var.now),
  );
}
