// The process's Prometheus metrics (prom-client): one registry, kept on globalThis like the database pool,
// so the custom server (server.ts: sockets, jobs, GET /metrics) and Next's separately bundled API routes
// (request latency, ledger transfers) count into the same one. Labels are bounded: a route's declared
// pattern (never the raw URL), a status class, a job's name, a ledger operation's kind and currency. The
// latest ledger check's figures are read from the cluster at each scrape (./ledger-status.ts).
// Domains import this module; it imports no domain.

import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readLedgerStatus } from './ledger-status';

/** What the realtime gateway reports when scraped (set by lib/realtime/gateway.ts's installGateway). */
export type RealtimeStats = () => { sockets: number; rooms: number };

/** The latest ledger check, read once for the two ledger gauges a scrape collects side by side. */
let ledgerRead: Promise<Awaited<ReturnType<typeof readLedgerStatus>> | null> | undefined;
const ledgerStatusForScrape = () => {
  ledgerRead ??= readLedgerStatus()
    .catch(() => null)
    .finally(() => {
      ledgerRead = undefined;
    });
  return ledgerRead;
};

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const state: { realtime?: RealtimeStats } = {};
  return {
    registry,
    state,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'API request latency by declared route pattern, method and status class',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    sockets: new Gauge({
      name: 'realtime_sockets',
      help: 'Websocket connections open on this node',
      registers: [registry],
      collect() {
        this.set(state.realtime?.().sockets ?? 0);
      },
    }),
    rooms: new Gauge({
      name: 'realtime_rooms',
      help: 'Named socket.io rooms on this node (live rooms, matches, users; not the per-socket ones)',
      registers: [registry],
      collect() {
        this.set(state.realtime?.().rooms ?? 0);
      },
    }),
    pushes: new Counter({
      name: 'realtime_pushes_total',
      help: 'Messages the gateway published, to a room or to everyone',
      labelNames: ['target'] as const,
      registers: [registry],
    }),
    ledgerTransfers: new Counter({
      name: 'ledger_transfers_total',
      help: 'Committed ledger transfers (legs of money operations), by operation kind and currency',
      labelNames: ['kind', 'currency'] as const,
      registers: [registry],
    }),
    ledgerProblems: new Gauge({
      name: 'portal_ledger_problems',
      help: 'Problems the latest ledger check found (balances, held = minted − burnt, experience, escrow reconciled with every open item); NaN before the first check or when it cannot be read',
      registers: [registry],
      async collect() {
        const status = await ledgerStatusForScrape();
        this.set(status ? status.problems : Number.NaN);
      },
    }),
    ledgerCheckedAt: new Gauge({
      name: 'portal_ledger_checked_timestamp_seconds',
      help: 'When the latest ledger check ran (Unix seconds); NaN before the first check or when it cannot be read',
      registers: [registry],
      async collect() {
        const status = await ledgerStatusForScrape();
        this.set(status ? status.checkedAt.getTime() / 1000 : Number.NaN);
      },
    }),
    jobRuns: new Counter({
      name: 'job_runs_total',
      help: 'Ticks of cluster jobs run on this node, by job and outcome',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const globalRef = globalThis as { __portalMetrics?: Metrics };
globalRef.__portalMetrics ??= createMetrics();
export const metrics: Metrics = globalRef.__portalMetrics;

/** 2xx, 4xx, 5xx… */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function observeRequest(route: string, method: string, status: number, seconds: number) {
  metrics.requestDuration.observe({ route, method, status: statusClass(status) }, seconds);
}

/** The gateway's live numbers, read at each scrape (never counted on the hot path). */
export function setRealtimeStats(stats: RealtimeStats | undefined) {
  metrics.state.realtime = stats;
}

/** The Prometheus text exposition of every metric of this process. */
export const metricsText = () => metrics.registry.metrics();

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` for server.ts (before Next): true when it answered. Without `token` (METRICS_TOKEN) the
 * endpoint does not exist (404); with it, only `Authorization: Bearer <token>` is served (else 401).
 * No exemption for loopback: behind a reverse proxy on the same machine every request comes from it.
 */
export function handleMetricsRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  token: string | undefined,
): boolean {
  const path = (request.url ?? '').split('?')[0];
  if (path !== '/metrics') return false;
  const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    response.end(body);
  };
  if (!token) {
    answer(404, 'Not Found\n');
    return true;
  }
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
  if (!sameSecret(given, token)) {
    answer(401, 'Unauthorized\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    return true;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    answer(405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    return true;
  }
  metricsText().then(
    (text) =>
      answer(200, request.method === 'HEAD' ? '' : text, {
        'content-type': metrics.registry.contentType,
        'cache-control': 'no-store',
      }),
    (error: Error) => answer(500, `${error.message}\n`),
  );
  return true;
}
