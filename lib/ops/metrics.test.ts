// GET /metrics as server.ts serves it (a real http server in front of handleMetricsRequest): Prometheus
// text with the request latency of a route just called (by its declared pattern), the ledger's transfers,
// the gateway's pushes, sockets and rooms; 404 without METRICS_TOKEN, 401 without the right bearer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { installGateway, publish } from '@/lib/realtime/gateway';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { setLedgerStatusReader } from './ledger-status';
import { handleMetricsRequest } from './metrics';

const NOON = new Date('2026-03-01T12:00:00Z');
const TOKEN = 'metrics-token-for-the-test-0123';

let testDb: TestDb;
let server: http.Server;
let base: string;
let call: ReturnType<typeof apiCaller>;
let token: string | undefined = TOKEN;

beforeAll(async () => {
  testDb = await createTestDb();
  const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  call = apiCaller(() => app);
  server = http.createServer((request, response) => {
    if (!handleMetricsRequest(request, response, token)) response.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await testDb.close();
});

const scrape = async () => {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return response.text();
};

/** The value of one sample (0 when absent). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

it('answers with the latency histogram of a route just called, by its declared pattern', async () => {
  const series =
    'http_request_duration_seconds_count{route="/api/universal/systemConfig",method="GET",status="2xx"}';
  const before = sample(await scrape(), series);
  // Any case reaches the route (the spec's paths are case-insensitive): one label all the same.
  expect((await call('/api/universal/systemConfig')).status).toBe(200);
  expect((await call('/API/UNIVERSAL/SYSTEMCONFIG')).status).toBe(200);
  const text = await scrape();
  expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  expect(sample(text, series)).toBe(before + 2);
  expect(text).toMatch(
    /http_request_duration_seconds_bucket\{le="\+Inf",route="\/api\/universal\/systemConfig",method="GET",status="2xx"\} \d+/,
  );
  // An unknown path is one label, never its URL; a refusal is counted by its status class.
  await call('/api/no/such/route/12345');
  const refused = await call('/api/admin/popup/list');
  expect(refused.status).toBe(401);
  const after = await scrape();
  expect(after).not.toContain('/api/no/such/route/12345');
  expect(
    sample(after, 'http_request_duration_seconds_count{route="unmatched",method="GET",status="4xx"}'),
  ).toBe(1);
  expect(
    sample(
      after,
      'http_request_duration_seconds_count{route="/api/admin/popup/list",method="GET",status="4xx"}',
    ),
  ).toBe(1);
  // prom-client's default process metrics come with it.
  expect(after).toContain('process_cpu_seconds_total');
  expect(after).toContain('nodejs_eventloop_lag_seconds');
});

it('counts committed ledger transfers by kind and currency, and a replay not again', async () => {
  const user = await makeUser(testDb.db);
  const series = 'ledger_transfers_total{kind="test_metrics",currency="star"}';
  const before = sample(await scrape(), series);
  const operation = {
    key: `metrics:${user.id}`,
    kind: 'test_metrics' as const,
    userId: user.id,
    payload: { amount: 500 },
    now: NOON,
    prepare: async () => ({ legs: [mintLeg(user.id, 'star', 500)], result: {} }),
  };
  await runOperation(testDb.db, operation);
  expect(sample(await scrape(), series)).toBe(before + 1);
  expect((await runOperation(testDb.db, operation)).replayed).toBe(true);
  expect(sample(await scrape(), series)).toBe(before + 1);
});

it('exports the latest ledger check’s problems and instant, NaN before the first or when unreadable', async () => {
  try {
    expect(sample(await scrape(), 'portal_ledger_problems')).toBeNaN();
    const checkedAt = new Date('2026-03-01T11:55:00Z');
    setLedgerStatusReader(async () => ({ problems: 2, checkedAt }));
    let text = await scrape();
    expect(text).toContain('# TYPE portal_ledger_problems gauge');
    expect(sample(text, 'portal_ledger_problems')).toBe(2);
    expect(sample(text, 'portal_ledger_checked_timestamp_seconds')).toBe(checkedAt.getTime() / 1000);
    setLedgerStatusReader(async () => ({ problems: 0, checkedAt }));
    expect(sample(await scrape(), 'portal_ledger_problems')).toBe(0);
    setLedgerStatusReader(async () => null);
    text = await scrape();
    expect(sample(text, 'portal_ledger_problems')).toBeNaN();
    expect(sample(text, 'portal_ledger_checked_timestamp_seconds')).toBeNaN();
    setLedgerStatusReader(() => Promise.reject(new Error('no job queue')));
    expect(sample(await scrape(), 'portal_ledger_problems')).toBeNaN();
  } finally {
    setLedgerStatusReader(undefined);
  }
});

it('reports the gateway’s open sockets and rooms at each scrape, and counts its pushes', async () => {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on('join', (room: string, ack: () => void) => {
      void socket.join(room);
      ack();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  installGateway(io);
  const clients: Socket[] = [];
  try {
    for (const room of ['live:1', 'live:1', 'match:7']) {
      const client = connectClient(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, {
        transports: ['websocket'],
      });
      clients.push(client);
      await client.emitWithAck('join', room);
    }
    let text = await scrape();
    expect(sample(text, 'realtime_sockets')).toBe(3);
    // live:1 and match:7; each socket's own room is not counted.
    expect(sample(text, 'realtime_rooms')).toBe(2);

    const pushes = sample(text, 'realtime_pushes_total{target="room"}');
    publish({ room: 'live:1' }, { type: 'heartbeat', time: NOON.getTime() });
    text = await scrape();
    expect(sample(text, 'realtime_pushes_total{target="room"}')).toBe(pushes + 1);

    for (const client of clients) client.disconnect();
    const deadline = performance.now() + 20_000;
    while (sample(await scrape(), 'realtime_sockets') !== 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape();
    expect(sample(text, 'realtime_sockets')).toBe(0);
    expect(sample(text, 'realtime_rooms')).toBe(0);
  } finally {
    for (const client of clients) client.disconnect();
    (globalThis as { __portalRealtime?: Server }).__portalRealtime = undefined;
    await new Promise((resolve) => io.close(resolve));
  }
});

it('refuses a scrape without the right bearer token (401), and does not exist without METRICS_TOKEN (404)', async () => {
  const missing = await fetch(`${base}/metrics`);
  expect(missing.status).toBe(401);
  expect(missing.headers.get('www-authenticate')).toContain('Bearer');
  expect(await missing.text()).not.toContain('http_request_duration_seconds');
  const wrong = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
  expect(wrong.status).toBe(401);
  const basic = await fetch(`${base}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } });
  expect(basic.status).toBe(401);
  // Other paths are not the endpoint's: server.ts hands them on.
  expect((await fetch(`${base}/metricsx`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
    418,
  );

  token = undefined;
  try {
    const off = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.status).toBe(404);
    expect(await off.text()).not.toContain('http_request_duration_seconds');
  } finally {
    token = TOKEN;
  }
});
