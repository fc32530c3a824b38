// Background jobs of the `jobs` role: small periodic upkeep, each isolated so one failure never
// stops the others.
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { pruneCaptchaUses } from '@/lib/accounts/captcha';
import { pruneQrLogins } from '@/lib/accounts/qr-login';
import { pruneRateEvents } from '@/lib/accounts/rate-limit';
import { sessions } from '@/lib/accounts/schema';
import { getConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { writeRecordReports } from '@/lib/news/reports';
import { markExpiredNobilities } from '@/lib/nobility/service';
import { pruneRateLimits } from '@/lib/rate-limits';
import { refundExpiredEnvelopes } from '@/lib/red-envelopes/service';
import { indexPendingSearchDocuments } from '@/lib/search/service';
import { createFeedsTicker, watchSilentMatches } from './feeds';

type Job = { name: string; everyMs: number; run: (db: Db) => Promise<unknown> };

const SESSION_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Replays and simulations advance every few seconds: often enough for a sped-up demo clock. */
const FEEDS_TICK_MS = 5000;

let feedsTick: ReturnType<typeof createFeedsTicker> | undefined;

export const jobs: Job[] = [
  {
    name: 'prune-sessions',
    everyMs: 60 * 60 * 1000,
    run: (db) => {
      const cutoff = new Date(Date.now() - SESSION_RETENTION_MS);
      return db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, cutoff),
            and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
          ),
        );
    },
  },
  {
    name: 'prune-sign-in-guards',
    everyMs: 15 * 60 * 1000,
    run: async (db) => {
      await pruneCaptchaUses(db, new Date());
      await pruneRateEvents(db, new Date());
      await pruneRateLimits(db);
      await pruneQrLogins(db, new Date());
    },
  },
  {
    // Match reports of the real results the seed left for later (it writes the newest at once).
    name: 'news-record-reports',
    everyMs: 60 * 1000,
    run: (db) => writeRecordReports(db, new Date(), 200),
  },
  {
    // Unclaimed red-envelope shares back to their senders; safe when several processes run it.
    name: 'red-envelope-refunds',
    everyMs: 30 * 1000,
    run: (db) => refundExpiredEnvelopes(db, new Date()),
  },
  {
    name: 'nobility-expiry',
    everyMs: 5 * 60 * 1000,
    run: (db) => markExpiredNobilities(db, new Date()),
  },
  {
    // Search documents of new rows and of rows whose text changed (lib/search): searchable within seconds.
    name: 'search-index',
    everyMs: 10 * 1000,
    run: (db) => indexPendingSearchDocuments(db, new Date()),
  },
  {
    name: 'live-feeds',
    everyMs: FEEDS_TICK_MS,
    run: async (db) => {
      const config = getConfig();
      const now = new Date();
      if (config.FEEDS) {
        feedsTick ??= createFeedsTicker({ speed: config.FEED_CLOCK_SPEED });
        // The watchdog waits for the feeds' catch-up: a game that ended while the portal was down is
        // finished with its result, not marked abnormal. A tick still running skips this turn.
        if (!(await feedsTick(db, now))) return;
      }
      await watchSilentMatches(db, now);
    },
  },
];

export function startJobs(db: Db) {
  const timers = jobs.map((job) => {
    const tick = () =>
      job.run(db).catch((error) => log.error({ err: error, job: job.name }, 'background job failed'));
    tick();
    return setInterval(tick, job.everyMs);
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
