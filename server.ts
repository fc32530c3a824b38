// The portal's one process: an http server that hands pages and /api to Next, the socket.io gateway
// beside it, and the background jobs; the embedded database when none is configured.

import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { Server } from 'socket.io';
import { claimQrListener } from '@/lib/accounts/qr-login';
import { findSessionUser } from '@/lib/accounts/session';
import { setChatStateStore } from '@/lib/chat/state-cache';
import { seedCircles } from '@/lib/circles/seed';
import { ConfigError, getConfig } from '@/lib/config';
import { productionWarnings } from '@/lib/config/warnings';
import { closeDb, getDb, runMigrationsAsOwner } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { type DemoStreams, startDemoStreams } from '@/lib/demo/streams';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { PEER_HEADER } from '@/lib/http/client-address';
import { handleClientError } from '@/lib/http/client-error';
import {
  applySecurityHeaders,
  commonSecurityHeaders,
  keepsOpenerApart,
  NONCE_HEADER,
} from '@/lib/http/security-headers';
import { staticAssetHandler } from '@/lib/http/static-assets';
import { resolveChatSignature } from '@/lib/im/signature';
import { stalledPortalJobs, startJobs } from '@/lib/jobs';
import { backupHealth } from '@/lib/jobs/backup';
import { ledgerStatusOf } from '@/lib/jobs/ledger-check';
import { publishingFlvPath } from '@/lib/live/service';
import { log } from '@/lib/log';
import { heldRoomOf, holdAppScripts } from '@/lib/media/app-hold';
import { earlyDocumentOf } from '@/lib/media/early-document';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { renderGate } from '@/lib/media/render-gate';
import { startMediaServer } from '@/lib/media/server';
import { isKickedOut } from '@/lib/moderation/kickouts';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { seedNewsCategories } from '@/lib/news/categories';
import { nobleTiers } from '@/lib/nobility/service';
import { setBackupStatusReader } from '@/lib/ops/backup-status';
import { setLedgerStatusReader } from '@/lib/ops/ledger-status';
import { handleMetricsRequest } from '@/lib/ops/metrics';
import { markDraining, portAccepts, setJobsCheck, setMediaCheck } from '@/lib/ops/readiness';
import { drainHttpServer } from '@/lib/ops/shutdown';
import { installGateway } from '@/lib/realtime/gateway';
import { redisAdapter } from '@/lib/realtime/redis-adapter';
import { createGateway } from '@/lib/realtime/socket-server';
import { closeRedis, getRedis } from '@/lib/redis';
import { seedDemoData } from '@/lib/seed';
import { startClockAt } from '@/lib/server/clock';
import { sharedState } from '@/lib/shared-state';
import { ensureMasterKey } from '@/lib/system/secrets';
import { effectiveSettings, loadSettings, startSettingsRefresh } from '@/lib/system/settings';
import { recordWatchBeat } from '@/lib/tasks/service';
import { seedChargeRules } from '@/lib/wallet/recharge';

async function main() {
  const config = getConfig();
  // Before anything reads the time: every clock in the process starts there (the e2e suite's fixed day).
  if (config.CLOCK_START) startClockAt(config.CLOCK_START);
  const startedAt = Date.now();
  const database = await bootDatabase(config, (message) => log.info(message));
  // Postgres runs in its own process group, so the portal stops it: on a signal during start-up, on a
  // start-up that fails, and on shutdown (after the pool is closed).
  let shutdown = async (signal: string): Promise<void> => {
    log.info(`${signal} during start-up: stopping`);
    await closeDb().catch(() => {});
    await database.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const started = await (async () => {
    process.env.DATABASE_URL = database.url;
    const db = getDb();
    await runMigrationsAsOwner(db, config.MIGRATION_DATABASE_URL);
    // Reference data every install needs (report reasons, news categories, gifts, recharge packages).
    await seedReportReasons(db);
    await seedNewsCategories(db);
    await seedGiftCatalog(db);
    await seedChargeRules(db);
    // The operators' settings (lib/system/settings.ts), kept fresh in this process for readers that cannot wait.
    await loadSettings(db);
    startSettingsRefresh(db, (error) => log.warn({ err: error }, 'settings refresh failed'));
    // The HMAC master, made on the primary before any request can ask a read replica for it.
    await ensureMasterKey(db);
    if (config.SEED_ON_START) await seedDemoData(db);
    // After the football data: one circle per league and club of it.
    await seedCircles(db);

    const server = http.createServer();
    // Idle keep-alive connections stay open longer than a balancer's (nginx's upstream keepalive_timeout is
    // 60 s): at Node's 5 s a client reusing a connection the server was closing got ECONNRESET (seen in the
    // e2e suite on a POST sent ~5 s after the previous one, which no client may safely retry).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    // What the HTTP parser refuses before any route (headers or query too large, a malformed request line)
    // answers with the envelope too (lib/http/client-error.ts), not Node's empty-bodied 431/400.
    server.on('clientError', handleClientError);
    const app = next({
      dev: config.NODE_ENV !== 'production',
      port: config.PORT,
      httpServer: server,
    });
    await app.prepare();
    const handle = app.getRequestHandler();
    const securityHeaders = commonSecurityHeaders(config);
    const roomPageHeaders = commonSecurityHeaders(config, { openerPolicy: false });
    // Next's content-hashed build output, read and compressed once (lib/http/static-assets.ts).
    const staticAssets =
      config.NODE_ENV === 'production' ? staticAssetHandler(path.join(process.cwd(), '.next/static')) : null;
    let media: Awaited<ReturnType<typeof startMediaServer>> | undefined;
    // An early room page renders once its own stream has been answered (lib/media/render-gate.ts).
    const earlyRenders = renderGate();
    // HTTP-FLV and the player script go straight to the media engine's handler, the rest to Next.
    // Registered before the gateway, which wraps the listeners it finds to take its own path first.
    server.on('request', (request, response) => {
      // The API reads the client's address from this header (lib/http/client-address.ts): it is always
      // the socket's peer, whatever the client sent under that name.
      request.headers[PEER_HEADER] = request.socket.remoteAddress ?? '';
      // A page's nonce is the proxy's to choose, or this server's for a room page it opens early.
      delete request.headers[NONCE_HEADER];
      applySecurityHeaders(response, keepsOpenerApart(request.url) ? securityHeaders : roomPageHeaders);
      // GET /metrics (Prometheus text, METRICS_TOKEN), the build's static files from memory, then the
      // media engine's paths, then Next.
      if (handleMetricsRequest(request, response, config.METRICS_TOKEN)) return;
      if (staticAssets?.(request, response)) return;
      if (media?.handle(request, response)) {
        earlyRenders.answered(request);
        return;
      }
      // A room this engine is receiving a push for plays before its app runs (lib/media/app-hold.ts).
      const room = media ? heldRoomOf(request) : null;
      const flv = room === null ? null : publishingFlvPath(room);
      const early = flv
        ? earlyDocumentOf(request, { ...config, MOBILE_SITE_URL: effectiveSettings().mobileSiteUrl })
        : null;
      if (flv) holdAppScripts(request, response, flv, early);
      if (early) earlyRenders.hold(early.ticket, () => void handle(request, response));
      else void handle(request, response);
    });

    // REDIS_URL: rooms span nodes through the Redis adapter; counts, limits, rankings and the chat state
    // cache live in Redis (lib/shared-state).
    const redis = getRedis();
    const shared = sharedState();
    setChatStateStore(shared.chatState);
    const adapter = redis ? await redisAdapter(redis) : undefined;
    if (adapter) log.info(`socket.io Redis adapter (${adapter.sharded ? 'sharded' : 'classic'} pub/sub)`);
    const io = config.ROLES.includes('realtime')
      ? createGateway(server, {
          adapter: adapter?.adapter,
          // The socket layer's edge: each connection is checked at the instant it arrives.
          resolveUser: (token) => findSessionUser(db, token, new Date()),
          resolveChatSignature: (chatId, sig) => resolveChatSignature(db, chatId, sig, new Date()),
          claimQrLogin: (code, socketId) => claimQrListener(db, code, socketId, new Date()),
          mayJoinRoom: async (roomId, userId) => !(await isKickedOut(db, roomId, userId, new Date())),
          nobleTierOf: async (userId) => (await nobleTiers(db, [userId], new Date())).get(userId) ?? 0,
          watchBeat: (roomId, userId) => recordWatchBeat(db, userId, roomId, new Date()),
        })
      : undefined;
    if (io) {
      installGateway(io);
      shared.online.attach(io);
    } else if (adapter) {
      // No sockets here (e.g. ROLES=jobs), but its pushes (goals, scores) still reach every node's clients.
      installGateway(new Server({ adapter: adapter.adapter }));
    }
    // Ticks of the cluster's jobs, each run by one node (pg-boss on this database, lib/jobs/queue.ts).
    const jobs = config.ROLES.includes('jobs') ? await startJobs(db, { clock: () => new Date() }) : undefined;
    if (jobs) setJobsCheck(() => stalledPortalJobs(db));
    // Every node reports the latest ledger check, whichever node ran it (/api/ready, /metrics).
    setLedgerStatusReader(() => ledgerStatusOf(db));
    // And the scheduled backups' health, read at each call's instant (/api/ready).
    setBackupStatusReader(() => backupHealth(db, new Date()));
    // The embedded media engine belongs to the web role: its HTTP-FLV is proxied by the portal's pages.
    const demoRooms = new Set<number>();
    media =
      config.MEDIA && !config.MEDIA_CDN_URL && config.ROLES.includes('web')
        ? await startMediaServer(db, config, { recordsReplay: (roomId) => !demoRooms.has(roomId) })
        : undefined;
    // Readiness (/api/ready) includes the engine this node runs: its RTMP and HTTP ports accept.
    const mediaHost = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
    // DEMO_STREAMS: demo rooms on air by themselves, pushed into this node's own ingest (lib/demo/streams.ts).
    const ffmpeg = findFfmpeg(config.FFMPEG_PATH);
    let demoStreams: DemoStreams | undefined;
    if (config.DEMO_STREAMS > 0 && media && ffmpeg)
      demoStreams = await startDemoStreams(db, {
        count: config.DEMO_STREAMS,
        ffmpeg,
        dataDir: config.DATA_DIR,
        rtmpHost: mediaHost,
        rtmpPort: config.MEDIA_RTMP_PORT,
        clock: () => new Date(),
        onRoom: (roomId) => demoRooms.add(roomId),
      });
    else if (config.DEMO_STREAMS > 0)
      log.warn('DEMO_STREAMS needs the embedded media server and ffmpeg: no demo rooms on air');
    if (media)
      setMediaCheck(async () => {
        await portAccepts(mediaHost, config.MEDIA_RTMP_PORT);
        await portAccepts(mediaHost, config.MEDIA_HTTP_PORT);
      });

    await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
    log.info(`portal ready on http://${config.HOST}:${config.PORT} in ${Date.now() - startedAt} ms`);
    for (const warning of productionWarnings(config)) log.warn(warning);

    return { server, io, jobs, media, demoStreams, adapter, shared };
  })().catch(async (error) => {
    await closeRedis().catch(() => {});
    await closeDb().catch(() => {});
    await database.stop();
    throw error;
  });
  const { server, io, jobs, media, demoStreams, adapter, shared } = started;

  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: draining (up to ${config.SHUTDOWN_GRACE_MS} ms), then shutting down`);
    // Not ready from now on: a balancer polling /api/ready takes the node out. The listener closes at
    // once (new connections are refused, so nginx passes them to another node); requests under way
    // finish within SHUTDOWN_GRACE_MS, keep-alive connections close as they fall idle.
    markDraining();
    const drained = drainHttpServer(server, config.SHUTDOWN_GRACE_MS);
    // Websockets close with the transport (not a server `disconnect`), so clients reconnect by
    // themselves, through the balancer to another node. Jobs let their running tick finish.
    io?.close();
    // The demo pushers first: their rooms end as the media engine stops.
    await demoStreams?.stop().catch((error) => log.warn({ err: error }, 'demo streams stop failed'));
    await Promise.all([
      jobs?.stop().catch((error) => log.warn({ err: error }, 'job queue stop failed')),
      media?.stop().catch((error) => log.warn({ err: error }, 'media server stop failed')),
    ]);
    const { forced } = await drained;
    if (forced) log.warn(`requests still open after ${config.SHUTDOWN_GRACE_MS} ms were cut`);
    await shared.online.close();
    await adapter?.close();
    await closeRedis();
    await closeDb();
    await database.stop();
    process.exit(0);
  };
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
