import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { createTestDb, type TestDb } from '@/lib/testing/db';

let testDb: TestDb;
let app: ApiApp;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
});
afterAll(() => testDb.close());

const post = (body: string, type = 'application/csp-report') =>
  app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': type }, body });

describe('api/csp-report', () => {
  it('takes a browser violation report', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost:3000/main',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        'blocked-uri': 'inline',
        'line-number': 12,
        'original-policy': "default-src 'self'",
      },
    };
    expect((await post(JSON.stringify(report))).status).toBe(204);
  });

  it('refuses what is not a report, and oversized bodies', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post(JSON.stringify({ hello: 1 }), 'application/json')).status).toBe(400);
    expect((await post(JSON.stringify({ 'csp-report': { x: 'y'.repeat(20_000) } }))).status).toBe(413);
  });
});
