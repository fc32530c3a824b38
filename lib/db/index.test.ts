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
