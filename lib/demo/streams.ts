// The demo rooms on air (issue 43): with DEMO_STREAMS=N the portal keeps N demo anchors' rooms live
// without anyone pushing. Each room gets a fresh stream key at start (kept in memory only), and an
// ffmpeg pusher loops the sport's rendered video (./render.ts) into the portal's own RTMP ingest with
// `-c copy` (no encoding: a fraction of a percent of a core). The supervisor restarts a pusher that
// dies (backing off up to 30 s), binds each room to a match of its sport live now (else the next one)
// so the room shows the match, its goals and its fun-guesses, and stops every pusher with the portal.
import { type ChildProcess, spawn as nodeSpawn } from 'node:child_process';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { setLiveInfo } from '@/lib/live/match-binding';
import { liveRooms } from '@/lib/live/schema';
import { LIVE_APP, rotateStreamKey } from '@/lib/live/service';
import { log } from '@/lib/log';
import { competitions, matches, type Sport, seasons } from '@/lib/scores/schema';
import { DEMO_ANCHORS, demoAnchorIds } from '@/lib/seed/anchors';
import { keepDemoGuesses } from './guesses';
import { keepDemoPlans } from './plans';
import { type DemoStreamSport, renderDemoStream } from './render';

type Spawn = (command: string, args: string[], options: { stdio: 'ignore' }) => ChildProcess;

export type DemoStreamsOptions = {
  count: number;
  ffmpeg: string;
  dataDir: string;
  /** The ingest: `rtmp://<host>:<port>/live/<room>?key=<secret>`. */
  rtmpHost: string;
  rtmpPort: number;
  clock: () => Date;
  /** Injected by tests (a fake process); node's spawn otherwise. */
  spawn?: Spawn;
  /** The first restart's wait; doubled after each quick death, up to MAX_BACKOFF_MS. */
  restartMs?: number;
  bindEveryMs?: number;
  /** Called with each room id before its first push, so the engine knows it is a demo room. */
  onRoom?: (roomId: number) => void;
};

const MAX_BACKOFF_MS = 30_000;
/** A pusher that ran this long was healthy: its next restart waits the first delay again. */
const HEALTHY_MS = 60_000;

const SPORT_OF: Record<
  (typeof DEMO_ANCHORS)[number]['category'],
  { video: DemoStreamSport; matches: Sport }
> = {
  football: { video: 'football', matches: 'football' },
  basketball: { video: 'basketball', matches: 'basketball' },
  esports: { video: 'esports', matches: 'esports' },
  talk: { video: 'football', matches: 'football' },
};

type Pusher = {
  roomId: number;
  anchorId: number;
  sport: Sport;
  child: ChildProcess | null;
  startedAt: number;
  backoff: number;
  timer: NodeJS.Timeout | null;
};

export async function startDemoStreams(db: Db, options: DemoStreamsOptions) {
  const spawn = options.spawn ?? (nodeSpawn as Spawn);
  const restartMs = options.restartMs ?? 1000;
  const ids = (await demoAnchorIds(db)).slice(0, Math.max(0, options.count));
  const pushers: Pusher[] = [];
  let stopped = false;

  const launch = (pusher: Pusher, file: string, url: string) => {
    if (stopped) return;
    pusher.startedAt = performance.now();
    const child = spawn(
      options.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', file],
        ...['-c', 'copy', '-f', 'flv', url],
      ],
      { stdio: 'ignore' },
    );
    pusher.child = child;
    child.once('exit', (code, signal) => {
      pusher.child = null;
      if (stopped) return;
      const ran = performance.now() - pusher.startedAt;
      pusher.backoff =
        ran >= HEALTHY_MS ? restartMs : Math.min(MAX_BACKOFF_MS, pusher.backoff * 2 || restartMs);
      log.warn(
        { roomId: pusher.roomId, code, signal, retryInMs: pusher.backoff },
        'demo stream stopped: restarting',
      );
      pusher.timer = setTimeout(() => launch(pusher, file, url), pusher.backoff);
      pusher.timer.unref();
    });
    child.once('error', (error) =>
      log.warn({ err: error, roomId: pusher.roomId }, 'demo stream could not start'),
    );
  };

  for (const [index, anchorId] of ids.entries()) {
    const demo = DEMO_ANCHORS[index]!;
    const sport = SPORT_OF[demo.category];
    const file = await renderDemoStream(options.ffmpeg, options.dataDir, sport.video);
    const { roomId, streamKey } = await rotateStreamKey(db, anchorId, options.clock());
    options.onRoom?.(roomId);
    const pusher: Pusher = {
      roomId,
      anchorId,
      sport: sport.matches,
      child: null,
      startedAt: 0,
      backoff: restartMs,
      timer: null,
    };
    pushers.push(pusher);
    launch(pusher, file, `rtmp://${options.rtmpHost}:${options.rtmpPort}/${LIVE_APP}/${streamKey}`);
  }

  const bind = () => demoBeat(db, pushers, options.clock());
  await bind().catch((error) => log.warn({ err: error }, 'demo rooms: binding failed'));
  const binder = setInterval(
    () => void bind().catch((error) => log.warn({ err: error }, 'demo rooms: binding failed')),
    options.bindEveryMs ?? 30_000,
  );
  binder.unref();
  if (pushers.length) log.info({ rooms: pushers.map((pusher) => pusher.roomId) }, 'demo streams on air');

  return {
    rooms: () => pushers.map((pusher) => pusher.roomId),
    /** Running pushers (for tests and the log). */
    running: () => pushers.filter((pusher) => pusher.child).length,
    async stop() {
      stopped = true;
      clearInterval(binder);
      await Promise.all(
        pushers.map(async (pusher) => {
          if (pusher.timer) clearTimeout(pusher.timer);
          const child = pusher.child;
          if (!child) return;
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
          await exited;
          clearTimeout(killer);
        }),
      );
    },
  };
}

export type DemoStreams = Awaited<ReturnType<typeof startDemoStreams>>;

/**
 * The demo's beat: each room on a match of its sport with its fun-guess open, and the demo experts'
 * plans on sale. Exported for tests, which run it on a passed clock without any pusher.
 */
export async function demoBeat(
  db: Db,
  rooms: { roomId: number; anchorId: number; sport: Sport }[],
  now: Date,
) {
  for (const room of rooms) await bindToMatch(db, room.anchorId, room.roomId, room.sport, now);
  await keepDemoGuesses(db, rooms, now);
  await keepDemoPlans(db, now);
}

/** Keeps the room on a match of its sport that is live now, else the next to kick off. */
async function bindToMatch(db: Db, anchorId: number, roomId: number, sport: Sport, now: Date) {
  const [room] = await db
    .select({ matchId: liveRooms.matchId, status: matches.status })
    .from(liveRooms)
    .leftJoin(matches, eq(matches.id, liveRooms.matchId))
    .where(eq(liveRooms.id, roomId));
  if (room?.status === 'live') return;
  const ofSport = (status: 'live' | 'not_started') =>
    db
      .select({ id: matches.id })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(
        and(
          eq(competitions.sport, sport),
          eq(matches.status, status),
          status === 'not_started' ? gte(matches.kickoffAt, now) : undefined,
        ),
      )
      .orderBy(status === 'live' ? desc(matches.kickoffAt) : asc(matches.kickoffAt))
      .limit(1);
  const live = await ofSport('live');
  const [match] = live.length ? live : await ofSport('not_started');
  if (match && match.id !== room?.matchId) await setLiveInfo(db, anchorId, { matchId: match.id });
}
