// drainHttpServer on a real http server: a request under way (its body still arriving) finishes with 200
// while new connections are refused; keep-alive connections do not hold the drain up; and what is still
// open after the grace period is cut.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainHttpServer } from './shutdown';

/** Answers 200 with the body's length once the whole body has arrived. */
async function bodyCountingServer() {
  const server = http.createServer(async (request, response) => {
    let length = 0;
    try {
      for await (const chunk of request) length += (chunk as Buffer).length;
    } catch {
      return; // the connection was cut
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(String(length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A POST whose body is sent in two parts: `finish` sends the second. */
function slowUpload(port: number, agent?: http.Agent) {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', agent });
  request.setHeader('content-type', 'application/octet-stream');
  request.setHeader('transfer-encoding', 'chunked');
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', async (response) => {
      let body = '';
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode ?? 0, body });
    });
    request.on('error', reject);
  });
  request.write(Buffer.alloc(1000));
  request.flushHeaders();
  return { answered, finish: () => request.end(Buffer.alloc(500)) };
}

/** The error code a new connection gets (undefined when it was served). */
const connectionError = (port: number) =>
  new Promise<string | undefined>((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
        response.resume();
        resolve(undefined);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
  });

/** Waits until the server has the request (its first bytes arrived). */
const requestArrived = (server: http.Server) =>
  new Promise<void>((resolve) => server.once('request', () => resolve()));

it('lets a request under way finish with 200 while new connections are refused', async () => {
  const { server, port } = await bodyCountingServer();
  // An idle keep-alive connection besides: it must not hold the drain up.
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve) =>
    http.get({ host: '127.0.0.1', port, path: '/', agent }, (response) =>
      response.resume().on('end', resolve),
    ),
  );
  const arrived = requestArrived(server);
  const upload = slowUpload(port);
  await arrived;

  let done = false;
  const drained = drainHttpServer(server, 60_000).then((result) => {
    done = true;
    return result;
  });
  expect(await connectionError(port)).toBe('ECONNREFUSED');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(done).toBe(false);

  upload.finish();
  expect(await upload.answered).toEqual({ status: 200, body: '1500' });
  expect(await drained).toEqual({ forced: false });
  agent.destroy();
});

it('closes a keep-alive connection once its request is answered, without waiting for the grace period', async () => {
  const { server, port } = await bodyCountingServer();
  const agent = new http.Agent({ keepAlive: true });
  const arrived = requestArrived(server);
  const upload = slowUpload(port, agent);
  await arrived;
  const started = performance.now();
  const drained = drainHttpServer(server, 60_000);
  upload.finish();
  expect((await upload.answered).status).toBe(200);
  expect(await drained).toEqual({ forced: false });
  expect(performance.now() - started).toBeLessThan(30_000);
  agent.destroy();
});

it('cuts what is still open when the grace period runs out', async () => {
  const { server, port } = await bodyCountingServer();
  const arrived = requestArrived(server);
  const upload = slowUpload(port);
  await arrived;
  expect(await drainHttpServer(server, 200)).toEqual({ forced: true });
  await expect(upload.answered).rejects.toThrow();
  expect(await connectionError(port)).toBe('ECONNREFUSED');
});
