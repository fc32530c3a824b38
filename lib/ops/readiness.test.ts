// /api/ready (readiness) against the real database: 200 with each component's status, 503 naming what
// failed (a Redis that refuses, a media engine whose port is closed, a node draining for shutdown); and
// /api/health (liveness) answering 200 through all of it.

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { closeRedis } from '@/lib/redis';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { setLedgerStatusReader } from './ledger-status';
import { markDraining, portAccepts, setJobsCheck, setMediaCheck } from './readiness';

const NOON = new Date('2026-03-01T12:00:00Z');

let testDb: TestDb;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  testDb = await createTestDb();
  const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  call = apiCaller(() => app);
}, 60_000);

afterEach(async () => {
  markDraining(false);
  setJobsCheck(undefined);
  setLedgerStatusReader(undefined);
  setMediaCheck(undefined);
  delete process.env.REDIS_URL;
  await closeRedis();
});

afterAll(() => testDb.close());

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

it('is ready when the database answers, with Redis and media off on this node', async () => {
  const ready = await call('/api/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({
    code: 0,
    msg: '',
    data: {
      status: 'ready',
      database: 'ok',
      redis: 'off',
      media: 'off',
      jobs: 'off',
      ledger: 'off',
      backup: 'off',
      stalled_jobs: [],
      ledger_problems: 0,
      // No AUDIT_SIGNING_KEY here: the audit log's checkpoints are not signed, and readiness says so.
      audit_signing: 'unsigned',
    },
  });
});

it('checks the media engine this node runs: ready while its port accepts, 503 once it does not', async () => {
  const engine = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  const { port } = engine.address() as AddressInfo;
  setMediaCheck(() => portAccepts('127.0.0.1', port));
  try {
    const ready = await call('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ready', media: 'ok' });
  } finally {
    await new Promise((resolve) => engine.close(resolve));
  }
  const down = await call('/api/ready', { headers: { lang: 'en' } });
  expect(down.status).toBe(503);
  expect(down.body).toEqual({
    code: 1,
    msg: 'This server is not ready: media',
    data: {
      draining: false,
      database: 'ok',
      redis: 'off',
      media: 'failed',
      jobs: 'off',
      ledger: 'off',
      backup: 'off',
    },
  });
});

it('answers 503 naming Redis when REDIS_URL is set and Redis refuses; liveness still answers', async () => {
  process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
  const notReady = await call('/api/ready');
  expect(notReady.status).toBe(503);
  // In the default language, with the failed component named.
  expect(notReady.body.msg).toBe('服务暂未就绪：redis');
  expect(notReady.body.data).toEqual({
    draining: false,
    database: 'ok',
    redis: 'failed',
    media: 'off',
    jobs: 'off',
    ledger: 'off',
    backup: 'off',
  });

  const health = await call('/api/health');
  expect(health.status).toBe(200);
  expect(health.body.data).toEqual({ status: 'ok', redis: 'down', now: NOON.toISOString() });
});

it('answers 503 while the node drains for a shutdown, and liveness still answers', async () => {
  markDraining();
  const draining = await call('/api/ready', { headers: { lang: 'zh-TW' } });
  expect(draining.status).toBe(503);
  expect(draining.body.msg).toBe('服務暫未就緒：draining');
  expect(draining.body.data).toEqual({
    draining: true,
    database: 'ok',
    redis: 'off',
    media: 'off',
    jobs: 'off',
    ledger: 'off',
    backup: 'off',
  });
  const health = await call('/api/health');
  expect(health.status).toBe(200);
  expect(health.body.data).toEqual({ status: 'ok', redis: 'off', now: NOON.toISOString() });
});

it('reports stalled jobs by name while staying ready, and a job queue that does not answer as failed', async () => {
  setJobsCheck(async () => ['live-feeds']);
  const degraded = await call('/api/ready');
  expect(degraded.status).toBe(200);
  expect(degraded.body.data).toMatchObject({
    status: 'ready',
    jobs: 'degraded',
    stalled_jobs: ['live-feeds'],
  });
  setJobsCheck(() => Promise.reject(new Error('no database')));
  const failed = await call('/api/ready');
  expect(failed.status).toBe(200);
  expect(failed.body.data).toMatchObject({ jobs: 'failed', stalled_jobs: [] });
  setJobsCheck(async () => []);
  expect((await call('/api/ready')).body.data).toMatchObject({ jobs: 'ok' });
});

it('reports a ledger check that found problems as degraded while staying ready, and one it cannot read as failed', async () => {
  const checkedAt = new Date('2026-03-01T11:55:00Z');
  setLedgerStatusReader(async () => null);
  expect((await call('/api/ready')).body.data).toMatchObject({ ledger: 'off', ledger_problems: 0 });
  setLedgerStatusReader(async () => ({ problems: 0, checkedAt }));
  expect((await call('/api/ready')).body.data).toMatchObject({ ledger: 'ok', ledger_problems: 0 });
  setLedgerStatusReader(async () => ({ problems: 3, checkedAt }));
  const degraded = await call('/api/ready');
  expect(degraded.status).toBe(200);
  expect(degraded.body.data).toMatchObject({ status: 'ready', ledger: 'degraded', ledger_problems: 3 });
  setLedgerStatusReader(() => Promise.reject(new Error('no job queue')));
  const failed = await call('/api/ready');
  expect(failed.status).toBe(200);
  expect(failed.body.data).toMatchObject({ status: 'ready', ledger: 'failed', ledger_problems: 0 });
});

it('is a GET only: another method is an unknown route', async () => {
  const posted = await call('/api/ready', { method: 'POST', json: {} });
  expect(posted.status).toBe(404);
});

it('answers 503 when the database does not', async () => {
  const broken = createApiApp({
    db: () => ({ execute: () => Promise.reject(new Error('connection refused')) }) as never,
    clock: () => NOON,
  });
  const response = await apiCaller(() => broken)('/api/ready', { headers: { lang: 'vi' } });
  expect(response.status).toBe(503);
  expect(response.body.msg).toBe('Máy chủ này chưa sẵn sàng: database');
  expect(response.body.data).toMatchObject({ database: 'failed' });
});
