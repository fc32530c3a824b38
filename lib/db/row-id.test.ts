import { PG_INT_MAX, rowIdOf } from './row-id';

it('reads a row id only within Postgres integer', () => {
  expect(rowIdOf('42')).toBe(42);
  expect(rowIdOf(String(PG_INT_MAX))).toBe(PG_INT_MAX);
  for (const text of [
    '',
    undefined,
    null,
    '0',
    '-3',
    '1.5',
    'abc',
    String(PG_INT_MAX + 1),
    '99999999999999999999999',
  ])
    expect(rowIdOf(text)).toBeNull();
});
