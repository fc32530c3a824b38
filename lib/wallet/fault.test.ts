// A crash in the middle of money operations: a separate API server process takes a storm of gift
// sends and is killed with SIGKILL; after a restart the ledger still balances, every send the
// clients saw succeed is there exactly once, and retrying every key moves nothing twice.

import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { ensureRoom } from '@/lib/live/service';
import { HOLDINGS } from '@/lib/server/holdings';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from './check';
import { balancesOf, mintLeg, runOperation } from './ledger';

let testDb: TestDb;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  testDb = await createTestDb();
  await seedGiftCatalog(testDb.db);
});
afterAll(async () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
  await testDb.close();
});

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  // node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child process of its own,
  // which a SIGKILL of the CLI would leave running (the kill would not be a crash of the server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api-server.ts'], {
    env: { ...process.env, DATABASE_URL: testDb.url, API_PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening (\d+)/);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`api server exited with ${code}: ${output}`)));
  });
}

it('SIGKILL during a gift storm leaves all of each operation or none of it', async () => {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const senders = await Promise.all(Array.from({ length: 20 }, () => makeSignedInUser(testDb.db)));
  for (const sender of senders)
    await runOperation(testDb.db, {
      key: `fault:fund:${sender.user.id}`,
      kind: 'test_fund',
      userId: sender.user.id,
      payload: {},
      now: NOON,
      prepare: async () => ({ legs: [mintLeg(sender.user.id, 'star', 100_000)], result: {} }),
    });
  const [football] = (
    await testDb.db.execute<{ id: number }>(sql`select id from gifts where code = 'football'`)
  ).rows;

  const first = await startServer();
  const attempts: { token: string; sender: number; key: string }[] = [];
  const succeeded = new Set<string>();
  let stop = false;
  const sendOne = async (port: number, attempt: (typeof attempts)[number]) => {
    const url = `http://127.0.0.1:${port}/api/member/handselGift?room_id=${room.id}&gift_id=${football!.id}&num=10&key=${attempt.key}`;
    const response = await fetch(url, { headers: { token: attempt.token } });
    return (await response.json()) as { code: number; data: { replayed: boolean } };
  };
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const sender = senders[(w + i) % senders.length]!;
      const attempt = { token: sender.token, sender: sender.user.id, key: `fault-${w}-${i}-storm` };
      attempts.push(attempt);
      try {
        const body = await sendOne(first.port, attempt);
        if (body.code === 0) succeeded.add(attempt.key);
      } catch {
        return; // the server died under this request
      }
    }
  };
  const storm = Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
  // Let the storm run until 1,000 sends went through (in batches: group commit), then kill the server outright.
  while (succeeded.size < 1000) await new Promise((r) => setTimeout(r, 20));
  first.child.kill('SIGKILL');
  stop = true;
  await storm;
  expect(succeeded.size).toBeGreaterThanOrEqual(1000);

  const afterCrash = await checkLedger(testDb.db, HOLDINGS);
  expect(afterCrash.problems).toEqual([]);
  const committed = await testDb.db.execute<{ key: string }>(
    sql`select idempotency_key as key from wallet_operations where kind = 'gift'`,
  );
  const committedKeys = new Set(committed.rows.map((row) => row.key.split(':').at(-1)!));
  // Every send a client saw succeed is in the ledger (some more may have committed unanswered).
  for (const key of succeeded) expect(committedKeys.has(key)).toBe(true);

  // Clients retry everything they sent (16 at a time): committed keys replay, the others go through once.
  const second = await startServer();
  const retries: { code: number; replayed: boolean; committed: boolean }[] = [];
  let nextRetry = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = nextRetry++; i < attempts.length; i = nextRetry++) {
        const body = await sendOne(second.port, attempts[i]!);
        retries.push({
          code: body.code,
          replayed: body.data?.replayed,
          committed: committedKeys.has(attempts[i]!.key),
        });
      }
    }),
  );
  expect(retries.filter((retry) => retry.code !== 0 || retry.replayed !== retry.committed)).toEqual([]);
  expect(retries.length).toBe(attempts.length);
  const final = await checkLedger(testDb.db, HOLDINGS);
  expect(final.problems).toEqual([]);
  const sends = await testDb.db.execute<{ count: number }>(
    sql`select count(*)::int as count from gift_sends`,
  );
  expect(sends.rows[0]!.count).toBe(attempts.length);
  let spent = 0;
  for (const sender of senders) spent += 100_000 - (await balancesOf(testDb.db, sender.user.id)).star;
  expect(spent).toBe(attempts.length * 100);
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(attempts.length * 50);
  second.child.kill('SIGKILL');
}, 300_000);
