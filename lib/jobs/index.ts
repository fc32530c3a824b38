// Background jobs of the `jobs` role: small periodic upkeep, each isolated so one failure never
// stops the others, each tick run once in the whole cluster through the pg-boss queue (./queue.ts).
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Pool } from 'pg';
import { pruneCaptchaUses } from '@/lib/accounts/captcha';
import { pruneQrLogins } from '@/lib/accounts/qr-login';
import { pruneRateEvents } from '@/lib/accounts/rate-limit';
import { sessions } from '@/lib/accounts/schema';
import { sampleViewers } from '@/lib/admin/dashboard';
import { auditSigner, makeCheckpoint } from '@/lib/audit/checkpoints';
import { getConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { releaseDuePlans } from '@/lib/experts/disputes';
import { gradeDuePlans } from '@/lib/experts/settlement';
import { prunePastWindows } from '@/lib/gifts/giver-totals';
import { guessUpkeep, lockGuessesOnGoals } from '@/lib/guess/upkeep';
import { settleInvitations } from '@/lib/invites/service';
import { writeRecordReports } from '@/lib/news/reports';
import { markExpiredNobilities } from '@/lib/nobility/service';
import { pruneRateLimits } from '@/lib/rate-limits';
import { refundExpiredEnvelopes } from '@/lib/red-envelopes/service';
import { indexPendingSearchDocuments } from '@/lib/search/service';
import { HOLDINGS } from '@/lib/server/holdings';
import { sharedState } from '@/lib/shared-state';
import { freshSettings } from '@/lib/system/settings';
import { archiveJob } from './archive';
import { backupJob } from './backup';
import { createFeedsTicker, type Seen, watchSilentMatches } from './feeds';
import { ledgerCheckJob } from './ledger-check';
import { type Clock, type ClusterJob, stalledJobs, startJobQueue, type Tick } from './queue';

const SESSION_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Replays and simulations advance every few seconds: often enough for a sped-up demo clock. */
const FEEDS_TICK_SECONDS = 5;

type Feeds = {
  tick: ReturnType<typeof createFeedsTicker>;
  seen: Map<string, Seen>;
  slot: number;
  speed: number;
};
let feeds: Feeds | undefined;

/**
 * This node's feeds loop for `tick`. Its memory of what was pushed is this node's own while it ran the
 * previous tick too; when another node did, it takes that node's (the tick's output) instead, so a
 * goal is pushed once in the cluster, never twice and never lost on a hand-over. (What the loop stored
 * may be older than the database: the feeds are monotonic, so it only ever writes a match again.)
 */
async function feedsAfter(tick: Tick, speed: number) {
  // The demo's fictional football league plays where the demo data does (lib/feeds/simulator).
  const footballLeague = getConfig().SEED_ON_START;
  feeds ??= (() => {
    const seen = new Map<string, Seen>();
    return { tick: createFeedsTicker({ speed, seen, footballLeague }), seen, slot: Number.NaN, speed };
  })();
  // An operator changed the speed (lib/system/settings.ts): games from now on are scheduled at it, those
  // under way finish at their own (the catch-up reads each game's speed back), as after a restart.
  if (feeds.speed !== speed) {
    feeds.tick = createFeedsTicker({ speed, seen: feeds.seen, footballLeague });
    feeds.speed = speed;
  }
  const previous = await tick.previous();
  if (previous?.slot !== feeds.slot) {
    // Only a recent tick's memory: after a pause the first tick pushes states, never old goals.
    const recent = previous && tick.slot - previous.slot <= 3 ? previous.output : null;
    feeds.seen.clear();
    for (const [key, value] of Object.entries((recent as { seen?: Record<string, Seen> } | null)?.seen ?? {}))
      feeds.seen.set(key, value);
  }
  return feeds;
}

export const jobs: ClusterJob[] = [
  {
    // Invitation rewards are also settled when the inviter opens the invite centre.
    name: 'settle-invitations',
    everySeconds: 15 * 60,
    run: (db, now) => settleInvitations(db, { now }),
  },
  {
    name: 'prune-sessions',
    everySeconds: 60 * 60,
    run: (db, now) => {
      const cutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
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
    everySeconds: 15 * 60,
    run: async (db) => {
      await pruneCaptchaUses(db, new Date());
      await pruneRateEvents(db, new Date());
      await pruneRateLimits(db);
      await pruneQrLogins(db, new Date());
    },
  },
  {
    // The gift rankings' rows of past days, weeks and months (rankings read only the current ones).
    name: 'prune-ranking-windows',
    everySeconds: 60 * 60,
    run: (db, now) => prunePastWindows(db, now),
  },
  {
    // Match reports of the real results the seed left for later (it writes the newest at once).
    name: 'news-record-reports',
    everySeconds: 60,
    run: (db, now) => writeRecordReports(db, now, 200),
  },
  {
    // Unclaimed red-envelope shares back to their senders.
    name: 'red-envelope-refunds',
    everySeconds: 30,
    run: (db, now) => refundExpiredEnvelopes(db, now),
  },
  {
    // Expert plans whose matches are over: graded from the stored result, refunds settled from escrow;
    // the expert's share released once the dispute window closed with no dispute open.
    name: 'expert-plans-grade',
    everySeconds: 30,
    run: async (db, now) => ({
      graded: await gradeDuePlans(db, now),
      released: await releaseDuePlans(db, now),
    }),
  },
  {
    // Fun-guess: windows and kick-offs lock, finished matches settle, 24 h unresolved cancel, a person's
    // settlement pays out when its dispute window passed undisputed (lib/guess).
    name: 'guess-upkeep',
    everySeconds: 5,
    run: (db, now) => guessUpkeep(db, now),
  },
  // The ledger's proof with escrow reconciled item by item (lib/jobs/ledger-check.ts), on the read
  // replica when there is one: readiness, /metrics and the console's dashboard show what it found.
  ledgerCheckJob(HOLDINGS),
  {
    // A signed checkpoint of the audit log's head every hour (besides every AUDIT_CHECKPOINT_EVERY
    // entries), logged as `audit_checkpoint` so copies live outside the database (lib/audit/checkpoints.ts).
    name: 'audit-checkpoint',
    everySeconds: 60 * 60,
    run: async (db, now) => {
      const checkpoint = await makeCheckpoint(db, now, auditSigner());
      return (
        checkpoint && { seq: checkpoint.seq, hash: checkpoint.hash, signed: Boolean(checkpoint.signature) }
      );
    },
  },
  // The operator's scheduled backups (lib/jobs/backup.ts): looks every minute whether one is due.
  backupJob,
  // Data that ages (lib/jobs/archive.ts): once a day, months older than the operator's retention (off by
  // default) move to verified cold files beside the backups, then leave the database.
  archiveJob,
  {
    name: 'nobility-expiry',
    everySeconds: 5 * 60,
    run: (db, now) => markExpiredNobilities(db, now),
  },
  {
    // Search documents of new rows and of rows whose text changed (lib/search): searchable within seconds.
    name: 'search-index',
    everySeconds: 10,
    run: (db, now) => indexPendingSearchDocuments(db, now),
  },
  {
    // The operations dashboard's peak concurrency: viewers in live rooms on every node, once a minute.
    name: 'ops-viewer-samples',
    everySeconds: 60,
    run: (db, now) => sampleViewers(db, now, (room) => sharedState().online.count(room)),
  },
  {
    name: 'live-feeds',
    everySeconds: FEEDS_TICK_SECONDS,
    run: async (db, now, tick) => {
      const config = getConfig();
      // The operator's speed and pause (the console's settings), else FEED_CLOCK_SPEED.
      const settings = await freshSettings(db);
      // Paused: nothing is pushed and no game moves on (nor is any marked silent); on resuming, each
      // game catches up with where its schedule has it.
      if (config.FEEDS && settings.feedPaused) return;
      if (config.FEEDS) {
        const feeds = await feedsAfter(tick, settings.feedSpeed);
        // The watchdog waits for the feeds' catch-up: a game that ended while the portal was down is
        // finished with its result, not marked abnormal. A tick still running skips this turn.
        if (!(await feeds.tick(db, now))) return;
        feeds.slot = tick.slot;
        // A goal this tick stored locks the bound fun-guesses at once, at this tick's instant moved
        // earlier by each room's stream delay (lib/guess).
        await lockGuessesOnGoals(db, now);
        await watchSilentMatches(db, now);
        return { seen: Object.fromEntries(feeds.seen) };
      }
      await watchSilentMatches(db, now);
    },
  },
];

/** This node's share of the cluster's jobs; `stop` (graceful shutdown) lets a running tick finish. */
export function startJobs(db: Db, options: { clock: Clock }) {
  return startJobQueue(db, { jobs, clock: options.clock });
}

/** The portal's jobs that completed no tick for three of their periods (readiness reports them). */
export function stalledPortalJobs(db: Db) {
  return stalledJobs((db as Db & { $client: Pool }).$client, jobs);
}
