// A node of the job queue whose ticks never finish, for the crash-recovery test (lib/jobs/crash-recovery.test.ts),
// which SIGKILLs it mid-tick. JOBS is a JSON list of { name, everySeconds }; CLOCK an ISO instant (its clock
// stands there). Prints "tick <name> <slot>" as each tick starts.
import { createDb } from '@/lib/db';
import { startJobQueue } from '@/lib/jobs/queue';

const definitions = JSON.parse(process.env.JOBS ?? '[]') as { name: string; everySeconds: number }[];
const at = new Date(process.env.CLOCK ?? '2026-03-01T12:00:00Z');
const { db } = createDb(process.env.DATABASE_URL!, 10);

startJobQueue(db, {
  clock: () => at,
  pollingIntervalSeconds: 0.5,
  jobs: definitions.map((definition) => ({
    ...definition,
    run: async (_db, _now, tick) => {
      console.log(`tick ${definition.name} ${tick.slot}`);
      await new Promise(() => {});
    },
  })),
});
