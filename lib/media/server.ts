// The embedded media engine: node-media-server takes RTMP pushes and serves HTTP-FLV; an ffmpeg
// packager per broadcast writes HLS (live + replay) under DATA_DIR/media/<room>/<broadcast>/.
// Stream keys are checked before publish through node-media-server's signed-publish auth: a push
// whose key matches gets a valid `sign` written into its query, any other push fails the check and
// is refused before it can touch a live publisher (closing the session in prePublish would not).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { announceEnd, announceStart } from '@/lib/live/pushes';
import {
  beginBroadcast,
  finishBroadcast,
  LIVE_APP,
  liveRoomsWithOpenBroadcasts,
  roomKeyHashes,
  streamKeyMatches,
} from '@/lib/live/service';
import { hlsDelayMs, recordStreamDelay } from '@/lib/live/stream-delay';
import { log } from '@/lib/log';
import { installMediaControl } from './control';
import { findFfmpeg } from './ffmpeg';
import { healthOf, trackBroadcast } from './health';
import { finaliseReplay, LIVE_PLAYLIST, type Packager, REPLAY_PLAYLIST, startPackager } from './hls';
import { mediaRequestHandler } from './http';

type NmsSession = {
  id: string;
  ip: string;
  streamPath: string;
  streamQuery?: Record<string, unknown>;
  broadcast?: { publishGraceMs: number; publisher: { close: () => void } | null };
  close?: () => void;
};
type NodeMediaServer = {
  on: (event: string, listener: (session: NmsSession) => void) => void;
  run: () => Promise<void>;
  stop: () => Promise<void>;
};
type NmsContext = {
  broadcasts: Map<string, NonNullable<NmsSession['broadcast']>>;
  sessions: Map<string, unknown>;
};
/** node-media-server's HTTP-FLV viewer session: it reads `params`/`query` as its express route would. */
type FlvSessionClass = new (
  request: http.IncomingMessage & { params: { app: string; name: string }; query: object },
  response: http.ServerResponse,
) => { id: string; run: () => void };

const require = createRequire(path.join(process.cwd(), 'package.json'));
const ROOM_PATH = new RegExp(`^/${LIVE_APP}/(\\d{1,9})$`);
const KEY_REFRESH_MS = 3000;

export const mediaRoot = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'media');

type Active = {
  broadcastId: number;
  packager: Packager | null;
  ending?: Promise<void>;
  /** The stream-delay measurement's timer (lib/live/stream-delay.ts). */
  measuring?: NodeJS.Timeout;
};
/** How often a running broadcast's stream delay is measured. */
const DELAY_MEASURE_MS = 5000;

/** node-media-server exits the whole process on a busy port: find out first and say which setting. */
async function ensurePortFree(host: string, port: number, variable: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`${variable}: port ${host}:${port} is not available (${error.code})`)),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export type MediaOptions = {
  /** Rooms whose broadcasts keep no replay (the demo rooms' endless loops, lib/demo/streams.ts). */
  recordsReplay?: (roomId: number) => boolean;
};

export async function startMediaServer(db: Db, config: Config, options: MediaOptions = {}) {
  await ensurePortFree(config.HOST, config.MEDIA_RTMP_PORT, 'MEDIA_RTMP_PORT');
  await ensurePortFree(config.HOST, config.MEDIA_HTTP_PORT, 'MEDIA_HTTP_PORT');
  const NodeMediaServerClass = require('node-media-server') as new (config: object) => NodeMediaServer;
  const logger = require('node-media-server/src/core/logger.js') as { level: string };
  const context = require('node-media-server/src/core/context.js') as NmsContext;
  const FlvSession = require('node-media-server/src/session/flv_session.js') as FlvSessionClass;
  const root = mediaRoot(config);
  await fs.mkdir(root, { recursive: true });
  const ffmpeg = findFfmpeg(config.FFMPEG_PATH);
  if (!ffmpeg) log.warn('no ffmpeg found: live rooms play HTTP-FLV only and keep no replays');

  await recoverAfterCrash(db, root);

  // Key hashes by room, read synchronously in prePublish (node-media-server checks right after it).
  const keys = new Map<number, string>();
  const refreshKeys = async () => {
    const rows = await roomKeyHashes(db, new Date());
    keys.clear();
    for (const row of rows) if (row.keyHash && !row.sealedAt) keys.set(row.id, row.keyHash);
  };
  await refreshKeys();
  const refresher = setInterval(
    () => void refreshKeys().catch((error) => log.warn({ err: error }, 'stream keys refresh failed')),
    KEY_REFRESH_MS,
  );
  refresher.unref();

  const secret = randomBytes(32).toString('hex');
  const sign = (streamPath: string) => {
    const expires = Math.floor(Date.now() / 1000) + 60;
    return `${expires}-${createHash('md5').update(`${streamPath}-${expires}-${secret}`).digest('hex')}`;
  };

  const nms = new NodeMediaServerClass({
    bind: config.HOST,
    rtmp: { port: config.MEDIA_RTMP_PORT },
    http: { port: config.MEDIA_HTTP_PORT },
    auth: { publish: true, play: false, secret },
    store: { path: path.join(root, '.engine') },
    webadmin: { enable: false },
  });
  logger.level = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'info' : 'error';

  const active = new Map<number, Active>();
  const roomOf = (session: NmsSession) => {
    const match = ROOM_PATH.exec(session.streamPath ?? '');
    return match ? Number(match[1]) : null;
  };

  nms.on('prePublish', (session) => {
    const roomId = roomOf(session);
    const query = session.streamQuery ?? {};
    // Only we can make a valid sign: a pushed one is never trusted.
    delete query.sign;
    const key = typeof query.key === 'string' ? query.key : null;
    if (roomId !== null && streamKeyMatches(keys.get(roomId), key)) {
      query.sign = sign(session.streamPath);
      session.streamQuery = query;
    } else {
      log.warn({ streamPath: session.streamPath, ip: session.ip }, 'push refused: wrong stream key');
    }
  });

  nms.on('postPublish', (session) => {
    const roomId = roomOf(session);
    if (roomId === null) return;
    if (session.broadcast) {
      session.broadcast.publishGraceMs = config.MEDIA_PUBLISH_GRACE_MS;
      trackBroadcast(session.broadcast as unknown as Parameters<typeof trackBroadcast>[0]);
    }
    // The same streamer reconnecting within the grace period continues its broadcast.
    if (active.has(roomId)) return;
    const entry: Active = { broadcastId: 0, packager: null };
    active.set(roomId, entry);
    void (async () => {
      const broadcast = await beginBroadcast(db, roomId, new Date());
      entry.broadcastId = broadcast.id;
      // The push is accepted: HTTP-FLV plays at once (node-media-server holds the headers and the
      // current GOP), so viewers hear about it now. The HLS playlist follows with its first 2 s
      // segment; the HLS player retries until it exists.
      if (active.get(roomId) === entry && !entry.ending) announceStart(roomId, broadcast.id);
      if (ffmpeg) {
        const dir = path.join(root, String(roomId), String(broadcast.id));
        entry.packager = await startPackager({
          ffmpeg,
          input: `rtmp://127.0.0.1:${config.MEDIA_RTMP_PORT}/${LIVE_APP}/${roomId}`,
          dir,
          record: options.recordsReplay?.(roomId) ?? true,
        });
        if (!entry.ending) entry.measuring = measureDelay(broadcast.id, path.join(dir, LIVE_PLAYLIST));
      }
    })().catch((error) => log.error({ err: error, roomId }, 'could not start the broadcast'));
  });

  /** The broadcast's HLS delay from its live playlist and the playlist's age, stored every few seconds. */
  const measureDelay = (broadcastId: number, playlist: string) => {
    const timer = setInterval(() => {
      void (async () => {
        const [text, stat] = await Promise.all([fs.readFile(playlist, 'utf8'), fs.stat(playlist)]);
        const delay = hlsDelayMs(text, Date.now() - stat.mtimeMs);
        if (delay !== null) await recordStreamDelay(db, broadcastId, delay);
      })().catch(() => {
        // No playlist yet (the first segment is still being written): the next turn measures.
      });
    }, DELAY_MEASURE_MS);
    timer.unref();
    return timer;
  };

  const finish = (roomId: number) => {
    const entry = active.get(roomId);
    if (!entry || entry.ending) return entry?.ending;
    clearInterval(entry.measuring);
    entry.ending = (async () => {
      const replay = entry.packager ? (await entry.packager.stop()).replay : false;
      active.delete(roomId);
      if (!entry.broadcastId) return;
      const replayPath = replay ? `${roomId}/${entry.broadcastId}/${REPLAY_PLAYLIST}` : null;
      await finishBroadcast(db, entry.broadcastId, replayPath, new Date());
      announceEnd(roomId, entry.broadcastId, replayPath ? `/media/${replayPath}` : null);
    })().catch((error) => log.error({ err: error, roomId }, 'could not end the broadcast'));
    return entry.ending;
  };

  nms.on('donePublish', (session) => {
    const roomId = roomOf(session);
    if (roomId !== null) void finish(roomId);
  });

  installMediaControl({
    isPublishing: (roomId) => Boolean(context.broadcasts.get(`/${LIVE_APP}/${roomId}`)?.publisher),
    stopPublishing: (roomId) => {
      const broadcast = context.broadcasts.get(`/${LIVE_APP}/${roomId}`);
      if (!broadcast?.publisher) return;
      // The anchor ended the room: no reconnect grace.
      broadcast.publishGraceMs = 0;
      broadcast.publisher.close();
    },
    keyChanged: (roomId, keyHash) => {
      if (keyHash) keys.set(roomId, keyHash);
      else keys.delete(roomId);
    },
    streamHealth: (roomId) =>
      healthOf(context.broadcasts.get(`/${LIVE_APP}/${roomId}`) as unknown as Parameters<typeof healthOf>[0]),
  });

  await nms.run();
  log.info(
    `media: RTMP on ${config.HOST}:${config.MEDIA_RTMP_PORT}, HTTP-FLV on ${config.HOST}:${config.MEDIA_HTTP_PORT}, ffmpeg ${ffmpeg ?? 'none'}`,
  );

  return {
    /**
     * The engine's own requests (HTTP-FLV, the player script), answered before Next sees them. A viewer
     * is the engine's FLV session on the portal's own response (what its express route at
     * MEDIA_HTTP_PORT does): the cached headers and GOP are written in this turn of the event loop.
     */
    handle: mediaRequestHandler({
      play: (roomId, request, response) => {
        const session = new FlvSession(
          Object.assign(request, { params: { app: LIVE_APP, name: roomId }, query: {} }),
          response,
        );
        session.run();
        context.sessions.set(session.id, session);
      },
    }),
    async stop() {
      clearInterval(refresher);
      installMediaControl(undefined);
      await nms.stop();
      await Promise.all([...active.keys()].map((roomId) => finish(roomId)));
    },
  };
}

/** Broadcasts left open by a killed process: their recordings become replays, their rooms end. */
async function recoverAfterCrash(db: Db, root: string) {
  for (const { roomId, broadcastId } of await liveRoomsWithOpenBroadcasts(db)) {
    const dir = path.join(root, String(roomId), String(broadcastId));
    await fs.rm(path.join(dir, 'live'), { recursive: true, force: true });
    const replay = await finaliseReplay(path.join(dir, REPLAY_PLAYLIST));
    await finishBroadcast(
      db,
      broadcastId,
      replay ? `${roomId}/${broadcastId}/${REPLAY_PLAYLIST}` : null,
      new Date(),
    );
  }
}
