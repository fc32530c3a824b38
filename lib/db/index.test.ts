import { createTestDb } from '@/lib/testing/db';
import { createDb } from './index';

test('a connection the server drops is logged, not an uncaught exception that ends the process', async () => {
  // No connection is made: the pool connects lazily, and the error is what pg emits for an idle client.
  const { pool } = createDb('postgres://portal@127.0.0.1:1/none', 1);
  const lost = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  expect(() => pool.emit('error', lost)).not.toThrow();
  await pool.end();
});

test('a checked-out connection whose server goes away between two queries is no uncaught exception', async () => {
  const testDb = await createTestDb();
  const { pool } = createDb(testDb.url, 2);
  try {
    // Held between two statements, as a transaction awaiting other work holds it.
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
    const closed = new Promise((resolve) => held.once('end', resolve));
    await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    // pg emits 'error' on the client as the server ends it: with no listener, jest fails the test here.
    await closed;
    await expect(held.query('select 1')).rejects.toThrow();
    held.release();
    // The pool dropped it and serves on.
    expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
  } finally {
    await pool.end();
    await testDb.close();
  }
});
