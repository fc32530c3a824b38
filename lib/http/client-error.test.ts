// A bare HTTP server with the portal's clientError listener: a query string or a header too large answers
// 431, a garbage request line 400, each with the JSON envelope and a translated message; requests that
// parse still reach the handler.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { handleClientError } from './client-error';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end('ok'));
  server.on('clientError', handleClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends `raw` on a new connection and reads until the server closes it. */
function exchange(raw: string) {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(text.slice(9, 12)),
        headers: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
    socket.write(raw);
  });
}

it('answers a query string too large with 431 and the envelope', async () => {
  const reply = await exchange(`GET /api/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  expect(reply.status).toBe(431);
  expect(reply.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
  expect(JSON.parse(reply.body)).toEqual({ code: 1, msg: '请求头或网址过长', data: null });
});

it('answers a header too large with 431 and the envelope', async () => {
  const reply = await exchange(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'b'.repeat(20_000)}\r\n\r\n`);
  expect(reply.status).toBe(431);
  expect(JSON.parse(reply.body).msg).toBe('请求头或网址过长');
});

it('answers a garbage request line with 400 and the envelope', async () => {
  const reply = await exchange('\u0001\u0002 NONSENSE\r\n\r\n');
  expect(reply.status).toBe(400);
  expect(JSON.parse(reply.body)).toEqual({ code: 1, msg: '请求格式不正确', data: null });
});

it('lets a request that parses through', async () => {
  const reply = await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  expect(reply.status).toBe(200);
  expect(reply.body).toBe('ok');
});
