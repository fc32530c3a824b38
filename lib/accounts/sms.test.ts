import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { smsOutbox } from './schema';
import { httpProvider, outboxProvider } from './sms';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

async function gateway(status: number) {
  const received: { auth?: string; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('SMS providers', () => {
  it('the outbox keeps the whole text for operators', async () => {
    await outboxProvider.send(testDb.db, { to: '+86 13700000001', text: 'code 123456' });
    const rows = await testDb.db.select().from(smsOutbox);
    expect(rows.at(-1)).toMatchObject({ provider: 'outbox', body: 'code 123456', status: 'sent' });
  });

  it('the HTTP gateway gets the message with its token; the log keeps no code', async () => {
    const server = await gateway(200);
    await httpProvider(server.url, 'secret-token').send(testDb.db, {
      to: '+86 13700000002',
      text: 'code 654321',
    });
    expect(server.received).toEqual([
      { auth: 'Bearer secret-token', body: { to: '+86 13700000002', text: 'code 654321' } },
    ]);
    const rows = await testDb.db.select().from(smsOutbox);
    expect(rows.at(-1)).toMatchObject({ provider: 'http', body: 'code ******', status: 'sent' });
    await server.close();
  });

  it('a refusing gateway fails the send and is recorded', async () => {
    const server = await gateway(503);
    await expect(
      httpProvider(server.url).send(testDb.db, { to: '+86 13700000003', text: 'code 111111' }),
    ).rejects.toThrow('SMS gateway: HTTP 503');
    const rows = await testDb.db.select().from(smsOutbox);
    expect(rows.at(-1)).toMatchObject({ status: 'failed', error: 'HTTP 503' });
    await server.close();
  });
});
