import { newIdempotencyKey, RetryKey } from './retry-key';

it('makes keys the API accepts, each new', () => {
  const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey('wd-')));
  expect(keys.size).toBe(100);
  for (const key of keys) expect(key).toMatch(/^wd-[0-9a-f]{32}$/);
});

it('keeps the key for retries of one intent until it goes through', () => {
  const keys = new RetryKey();
  const first = keys.for({ amount: 30, outcome: 1 });
  // The answer was lost: the same request again is the same send.
  expect(keys.for({ amount: 30, outcome: 1 })).toBe(first);
  // Another amount is another send (the ledger would refuse the old key with it).
  const other = keys.for({ amount: 50, outcome: 1 });
  expect(other).not.toBe(first);
  expect(keys.for({ amount: 30, outcome: 1 })).not.toBe(first);
  // Once one goes through, asking the same again is a new send.
  const sent = keys.for({ amount: 30, outcome: 1 });
  keys.succeeded();
  expect(keys.for({ amount: 30, outcome: 1 })).not.toBe(sent);
});
