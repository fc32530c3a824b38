// Graceful shutdown of the real server.ts: a second portal process on the e2e database (web and
// realtime roles, its own port and DATA_DIR in a temporary folder) gets SIGTERM while a request is under
// way (its body still arriving): new connections are refused at once, the websocket client is let go
// with a transport close (so it reconnects elsewhere by itself), the request finishes with 200, and the
// process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { io as connectSocket } from 'socket.io-client';
import { e2eDatabaseUrl } from '../playwright.config';
import { serverClockEnv } from './clock';
import { freePort, portalProcessEnv, waitFor } from './external-engine';

/** A POST whose JSON body is sent in two parts; `finish` sends the rest. */
function slowPost(port: number, pathname: string) {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: pathname, agent: false });
  request.setHeader('content-type', 'application/json');
  request.setHeader('transfer-encoding', 'chunked');
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', async (response) => {
      let body = '';
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode ?? 0, body });
    });
    request.on('error', reject);
  });
  request.write(`{"pad":"${'x'.repeat(2000)}`);
  request.flushHeaders();
  return { answered, finish: () => request.end('"}') };
}

/** The error code of a new connection to `port` (undefined when it was answered). */
const connectionError = (port: number) =>
  new Promise<string | undefined>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
        response.resume();
        resolve(undefined);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
  });

test('SIGTERM: requests under way finish, new connections are refused, sockets are let go, exit 0', async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: portalProcessEnv({
      port,
      databaseUrl: e2eDatabaseUrl(),
      replicaName: 'portal-shutdown',
      dataDir: path.join(dir, 'data'),
      extra: {
        SHUTDOWN_GRACE_MS: '120000',
        LOG_LEVEL: 'info',
        // It shares the e2e database, so it runs on the e2e portal's clock.
        ...(await serverClockEnv()),
      },
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/ready`, child, 'the portal', 240_000);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const socket = connectSocket(base, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const upload = slowPost(port, '/api/universal/systemConfig');
    // The request is in the server's hands (headers and the first part of the body sent).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.kill('SIGTERM');

    // New connections are refused while the request is still under way.
    await expect.poll(() => connectionError(port), { timeout: 30_000 }).toBe('ECONNREFUSED');
    // Closed by its transport, not by a server `disconnect` (which would stop the client reconnecting).
    expect(await disconnected).toBe('transport close');
    expect(child.exitCode).toBeNull();

    upload.finish();
    const answer = await upload.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0, data: { company_id: 1 } });

    expect(await exited).toBe(0);
    expect(output).toContain('draining');
    expect(output).not.toContain('were cut');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- portal output ---\n${output.slice(-4000)}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
