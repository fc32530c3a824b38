import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { afterCommit } from './after-commit';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.db.execute(sql`create table marks (id int)`);
});
afterAll(() => testDb.close());

/** What a push made at that moment would read from another connection: the marks committed. */
const committed = async () =>
  (await testDb.db.execute<{ n: number }>(sql`select count(*)::int n from marks`)).rows[0]!.n;

test('work deferred in a transaction runs after its commit, and sees what it wrote', async () => {
  const seen: number[] = [];
  await testDb.db.transaction(async (tx) => {
    await tx.execute(sql`insert into marks values (1)`);
    afterCommit(() => void committed().then((n) => seen.push(n)));
    // A savepoint belongs to the transaction around it.
    await tx.transaction(async (inner) => {
      await inner.execute(sql`insert into marks values (2)`);
      afterCommit(() => seen.push(-1));
    });
    expect(seen).toEqual([]);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen.sort()).toEqual([-1, 2]);
});

test('a rollback drops what was deferred; outside a transaction it runs at once', async () => {
  const ran: string[] = [];
  await expect(
    testDb.db.transaction(async () => {
      afterCommit(() => ran.push('rolled back'));
      throw new Error('no');
    }),
  ).rejects.toThrow('no');
  afterCommit(() => ran.push('now'));
  expect(ran).toEqual(['now']);
});

test('work deferred after its transaction ended (a promise it left running) still runs', async () => {
  const ran: string[] = [];
  let late: Promise<void> = Promise.resolve();
  await testDb.db.transaction(async () => {
    late = new Promise((resolve) => setTimeout(resolve, 50)).then(() => afterCommit(() => ran.push('late')));
  });
  await late;
  expect(ran).toEqual(['late']);
});
