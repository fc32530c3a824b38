// The ledger (DESIGN §8). Every money movement is an operation with an idempotency key, made of
// transfers between accounts, written in ONE transaction with the balance changes:
// - a replayed key returns the first result; the same key with another payload is refused;
// - debits are conditional (`balance + delta >= 0` in the UPDATE), with a CHECK constraint behind it;
// - rows are locked in account-id order, so concurrent operations never deadlock;
// - experience legs move `users.experience` in the same transaction, so levels always match the ledger.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { metrics } from '@/lib/ops/metrics';
import type { LedgerKind } from './kinds';

export const CURRENCIES = ['star', 'yellow', 'coin', 'exp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const SYSTEM_ACCOUNTS = ['mint', 'burn', 'escrow', 'revenue'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
/**
 * Escrow is spread over this many rows per currency. A holding (a red envelope, a horn in review, a
 * withdrawal) stores or derives its shard and leaves from the shard it entered, so this number is part
 * of the stored data: never change it.
 */
export const ESCROW_SHARDS = 8;
/**
 * Mint, burn and revenue are spread over this many rows per currency: every gift credits revenue and
 * mints experience and earnings, and one row would serialise every send of the portal. Operations
 * take them in turn (round robin), so the ≤ pool-size transactions a node has open at once use
 * different rows. Which shard an operation used never matters: `ledger:check` and every report sum
 * the shards. Growing it is safe (new rows are created at start); shrinking would strand balances.
 */
export const SYSTEM_SHARDS = 32;

/**
 * A system account is on the operation's shard unless `shard` pins it: money held in escrow for one
 * thing (a red envelope, a horn in review) must leave from the shard it entered.
 */
export type AccountRef = { user: number } | { system: SystemAccount; shard?: number };
/** Escrow shard for a new holding (store it with the holding; later legs pin it). */
export const pickEscrowShard = () => randomInt(ESCROW_SHARDS);
export type Leg = { from: AccountRef; to: AccountRef; currency: Currency; amount: number };

export type Balances = Record<Currency, number>;

export type OperationSpec<R> = {
  key: string;
  /** A kind of LEDGER_KINDS (each has its label in the records); tests use their own `test_` kinds. */
  kind: LedgerKind | `test_${string}`;
  /** Who asked (0 for jobs); the operation shows in their records. */
  userId: number;
  /** Everything that defines the operation: a replay must carry the same. */
  payload: unknown;
  now: Date;
  /**
   * Which escrow shard unpinned escrow legs use (modulo ESCROW_SHARDS). Operations that put money in
   * escrow and later take it out must name the same shard (e.g. from the owner's id), or the release
   * would draw on a shard that never received it. Mint, burn and revenue always take the next shard.
   */
  shard?: number;
  /**
   * Runs inside the transaction after the key is claimed: reads what it needs, does its own writes,
   * and returns the transfers plus the result a replay will return too.
   */
  prepare: (tx: Tx, operationId: number) => Promise<Prepared<R>>;
  /**
   * Runs after the balances moved, still in the transaction (records that need the new balances):
   * `balances` holds the new balance of every user account that moved, by `user:currency`.
   */
  after?: (tx: Tx, operationId: number, result: R, balances: Map<string, number>) => Promise<R>;
};

export type Prepared<R> = {
  legs: Leg[];
  result: R;
  /**
   * Fields of the result that hold a user's balance after the operation (e.g. `balance` → the sender's
   * star diamonds). Without `after`, they are filled in by the statement that moves the money, which
   * also stores the result: no extra round trip while the accounts are locked.
   */
  balanceFields?: Record<string, { user: number; currency: Currency }>;
};

export type OperationOutcome<R> = { result: R; replayed: boolean; operationId: number };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const payloadHash = (kind: string, payload: unknown) =>
  createHash('sha256')
    .update(`${kind}\n${canonical(payload)}`)
    .digest('hex');

const systemIdCache = new WeakMap<object, Promise<Map<string, number>>>();

/**
 * Every system account's id by `kind:shard:currency`: created (all of them, in one statement) and read
 * once per database, outside any transaction, then cached (they are never removed).
 */
function systemAccountIds(root: DbOrTx) {
  let ids = systemIdCache.get(root);
  if (!ids) {
    ids = (async () => {
      const wanted: { kind: SystemAccount; shard: number; currency: Currency }[] = [];
      for (const kind of SYSTEM_ACCOUNTS)
        for (let shard = 0; shard < (kind === 'escrow' ? ESCROW_SHARDS : SYSTEM_SHARDS); shard++)
          for (const currency of CURRENCIES) wanted.push({ kind, shard, currency });
      const { rows } = await root.execute<{ id: number; kind: string; shard: number; currency: string }>(sql`
        with wanted as (
          select k::wallet_account_kind as k, s, c::wallet_currency as c
          from unnest(${sql.param(wanted.map((w) => w.kind))}::text[], ${sql.param(wanted.map((w) => w.shard))}::int[],
                      ${sql.param(wanted.map((w) => w.currency))}::text[]) as t(k, s, c)
        ), created as (
          insert into wallet_accounts (kind, user_id, shard, currency)
          select k, 0, s, c from wanted on conflict do nothing
        )
        select id, kind, shard, currency from wallet_accounts where kind <> 'user'`);
      const map = new Map(rows.map((row) => [`${row.kind}:${row.shard}:${row.currency}`, Number(row.id)]));
      // Rows the insert above created are not in its own snapshot: read them once more.
      if (wanted.some((w) => !map.has(`${w.kind}:${w.shard}:${w.currency}`))) {
        const again = await root.execute<{ id: number; kind: string; shard: number; currency: string }>(
          sql`select id, kind, shard, currency from wallet_accounts where kind <> 'user'`,
        );
        for (const row of again.rows) map.set(`${row.kind}:${row.shard}:${row.currency}`, Number(row.id));
      }
      return map;
    })();
    ids.catch(() => systemIdCache.delete(root));
    systemIdCache.set(root, ids);
  }
  return ids;
}

/** The next shard of mint, burn and revenue (round robin, see SYSTEM_SHARDS). */
let nextShard = randomInt(SYSTEM_SHARDS);
const takeShard = () => {
  nextShard = (nextShard + 1) % SYSTEM_SHARDS;
  return nextShard;
};

const userIdCache = new WeakMap<object, Map<string, number>>();
/** Cached user account ids per database (accounts are never removed); bounded, dropped whole when full. */
const USER_ID_CACHE_SIZE = 200_000;

function userIdCacheOf(root: DbOrTx) {
  let cache = userIdCache.get(root);
  if (!cache) {
    cache = new Map();
    userIdCache.set(root, cache);
  }
  return cache;
}

/**
 * The accounts of `wanted`, created when missing, in ONE statement. Known ids come from the cache, so
 * a warm sender costs no statement; `created` lists the new ones, which the caller caches once its
 * transaction committed (a rolled-back account does not exist).
 */
async function userAccountIds(root: DbOrTx, tx: Tx, wanted: { user: number; currency: Currency }[]) {
  const cache = userIdCacheOf(root);
  const ids = new Map<string, number>();
  const created: [string, number][] = [];
  const missing = wanted.filter((w) => {
    const known = cache.get(`${w.user}:${w.currency}`);
    if (known) ids.set(`${w.user}:${w.currency}`, known);
    return !known;
  });
  if (!missing.length) return { ids, created };
  const usersList = missing.map((w) => w.user);
  const currencies = missing.map((w) => w.currency);
  const { rows } = await tx.execute<{ id: number; user_id: number; currency: string; created: boolean }>(sql`
    with wanted as (
      select u, c::wallet_currency as c
      from unnest(${sql.param(usersList)}::int[], ${sql.param(currencies)}::text[]) as t(u, c)
    ), created as (
      insert into wallet_accounts (kind, user_id, shard, currency)
      select 'user', u, 0, c from wanted
      on conflict do nothing
      returning id, user_id, currency
    )
    select id, user_id, currency, true as created from created
    union all
    select a.id, a.user_id, a.currency, false from wallet_accounts a
    join wanted on a.kind = 'user' and a.user_id = wanted.u and a.shard = 0 and a.currency = wanted.c`);
  if (rows.length < missing.length) {
    // Another transaction created one of them meanwhile: its row is newer than this statement's
    // snapshot. A second statement (a new snapshot under READ COMMITTED) sees it.
    const again = await tx.execute<{ id: number; user_id: number; currency: string }>(sql`
      select a.id, a.user_id, a.currency from wallet_accounts a
      join unnest(${sql.param(usersList)}::int[], ${sql.param(currencies)}::text[]) as t(u, c)
        on a.kind = 'user' and a.user_id = t.u and a.shard = 0 and a.currency = t.c::wallet_currency`);
    rows.push(...again.rows.map((row) => ({ ...row, created: false })));
  }
  if (cache.size > USER_ID_CACHE_SIZE) cache.clear();
  for (const row of rows) {
    const key = `${row.user_id}:${row.currency}`;
    ids.set(key, Number(row.id));
    if (row.created) created.push([key, Number(row.id)]);
    else cache.set(key, Number(row.id));
  }
  return { ids, created };
}

/**
 * The accounts of a statement that writes many operations at once (group commit, see
 * `lib/gifts/group-commit.ts`): the user accounts of `wanted`, created when missing (committed at once,
 * outside any transaction: an empty account moves nothing, and `ledger:check` finds it balanced), and
 * the system accounts on the next shard. Warm, this costs no statement.
 */
export async function accountsForBatch(db: DbOrTx, wanted: { user: number; currency: Currency }[]) {
  const systemIds = await systemAccountIds(db);
  const shard = takeShard();
  const users = await userAccountIds(db, db as Tx, wanted);
  const cache = userIdCacheOf(db);
  for (const [key, id] of users.created) cache.set(key, id);
  return {
    user: (user: number, currency: Currency) => users.ids.get(`${user}:${currency}`)!,
    system: (kind: 'mint' | 'burn' | 'revenue', currency: Currency) =>
      systemIds.get(`${kind}:${shard}:${currency}`)!,
  };
}

/** Counts committed transfers for the metrics (what `runOperation` does after its commit). */
export const countTransfers = (kind: LedgerKind, currencies: Currency[]) => {
  for (const currency of currencies) metrics.ledgerTransfers.inc({ kind, currency });
};

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('INVALID_AMOUNT');
}

/**
 * Runs one money operation exactly once. Throws `IDEMPOTENCY_CONFLICT` when the key was used for
 * another payload, `INSUFFICIENT_BALANCE` when a user account would go below zero (nothing moves).
 *
 * Round trips: BEGIN, the key's claim, what `prepare` runs, ONE statement that locks and moves every
 * balance, writes the transfers and experience and stores the result, COMMIT. The hot rows (an
 * anchor's earnings, the system accounts) are locked by that last statement only, so they are held
 * for one statement and the commit.
 */
export async function runOperation<R>(db: DbOrTx, spec: OperationSpec<R>): Promise<OperationOutcome<R>> {
  if (!spec.key || spec.key.length > 120) throw new DomainError('INVALID_IDEMPOTENCY_KEY');
  const hash = payloadHash(spec.kind, spec.payload);
  const shard = takeShard();
  const escrowShard = spec.shard === undefined ? shard % ESCROW_SHARDS : spec.shard % ESCROW_SHARDS;
  // System accounts are resolved before the transaction (never on a second connection inside it:
  // a full pool would wait on itself). They are created once, cached, and never removed.
  const systemIds = await systemAccountIds(db);
  const created: [string, number][] = [];
  let moved: Leg[] = [];

  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      insert into wallet_operations (idempotency_key, kind, payload_hash, user_id, created_at)
      values (${spec.key}, ${spec.kind}, ${hash}, ${spec.userId}, ${spec.now.toISOString()})
      on conflict (idempotency_key) do nothing returning id`);
    if (!claimed.rows.length) {
      const { rows } = await tx.execute<{ id: number; payload_hash: string; result: R }>(sql`
        select id, payload_hash, result from wallet_operations where idempotency_key = ${spec.key}`);
      const first = rows[0]!;
      if (first.payload_hash !== hash) throw new DomainError('IDEMPOTENCY_CONFLICT');
      return { result: first.result, replayed: true, operationId: Number(first.id) };
    }
    const operationId = Number(claimed.rows[0]!.id);
    const { legs, result, balanceFields = {} } = await spec.prepare(tx, operationId);
    for (const leg of legs) assertAmount(leg.amount);
    moved = legs;

    // Resolve every account (usually from the caches: no statement).
    const wantedUsers = new Map<string, { user: number; currency: Currency }>();
    for (const leg of legs)
      for (const ref of [leg.from, leg.to])
        if ('user' in ref)
          wantedUsers.set(`${ref.user}:${leg.currency}`, { user: ref.user, currency: leg.currency });
    for (const field of Object.values(balanceFields))
      wantedUsers.set(`${field.user}:${field.currency}`, field);
    const users = await userAccountIds(db, tx, [...wantedUsers.values()]);
    created.push(...users.created);
    const idOf = (ref: AccountRef, currency: Currency) => {
      if ('user' in ref) return users.ids.get(`${ref.user}:${currency}`)!;
      const at =
        ref.system === 'escrow'
          ? (ref.shard ?? escrowShard) % ESCROW_SHARDS
          : (ref.shard ?? shard) % SYSTEM_SHARDS;
      return systemIds.get(`${ref.system}:${at}:${currency}`)!;
    };

    const resolved: { from: number; to: number; currency: Currency; amount: number }[] = [];
    const delta = new Map<number, number>();
    const experience = new Map<number, number>();
    for (const leg of legs) {
      const from = idOf(leg.from, leg.currency);
      const to = idOf(leg.to, leg.currency);
      resolved.push({ from, to, currency: leg.currency, amount: leg.amount });
      delta.set(from, (delta.get(from) ?? 0) - leg.amount);
      delta.set(to, (delta.get(to) ?? 0) + leg.amount);
      if (leg.currency === 'exp') {
        if ('user' in leg.from)
          experience.set(leg.from.user, (experience.get(leg.from.user) ?? 0) - leg.amount);
        if ('user' in leg.to) experience.set(leg.to.user, (experience.get(leg.to.user) ?? 0) + leg.amount);
      }
    }
    const fields = Object.entries(balanceFields).map(([field, ref]) => ({
      field,
      account: users.ids.get(`${ref.user}:${ref.currency}`)!,
    }));

    // One statement moves everything: lock the accounts in id order (two operations touching the
    // same accounts never wait on each other in a cycle), apply the conditional updates, then (after
    // the main query, as Postgres runs unreferenced data-modifying CTEs) write the transfers, move
    // users.experience and, when nothing runs after it, store the result with its balance fields.
    // The new balances come back for `after`.
    const changed = [...delta.entries()].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b);
    const ids = changed.map(([id]) => id);
    const deltas = changed.map(([, d]) => d);
    const xpUsers = [...experience].filter(([, tenths]) => tenths !== 0);
    const storeResult = !spec.after;
    const updated = await tx.execute<{
      id: number;
      kind: string;
      user_id: number;
      currency: Currency;
      balance: string;
    }>(sql`
      with locked as (
        select id from wallet_accounts where id = any(${sql.param(ids)}::int[]) order by id for update
      ), moved as (
        update wallet_accounts a
        set balance = a.balance + d.delta, updated_at = ${spec.now.toISOString()}
        from unnest(${sql.param(ids)}::int[], ${sql.param(deltas)}::bigint[]) as d(id, delta)
        where a.id = d.id and a.id in (select id from locked) and (a.balance + d.delta >= 0 or a.kind = 'mint')
        returning a.id, a.kind, a.user_id, a.currency, a.balance
      ), transfers as (
        insert into wallet_transfers (operation_id, from_account, to_account, currency, amount, created_at)
        select ${operationId}, f, t, c::wallet_currency, a, ${spec.now.toISOString()}
        from unnest(${sql.param(resolved.map((r) => r.from))}::int[],
                    ${sql.param(resolved.map((r) => r.to))}::int[],
                    ${sql.param(resolved.map((r) => r.currency))}::text[],
                    ${sql.param(resolved.map((r) => r.amount))}::bigint[]) as x(f, t, c, a)
      ), experience as (
        update users set experience = users.experience + x.tenths
        from unnest(${sql.param(xpUsers.map(([user]) => user))}::int[],
                    ${sql.param(xpUsers.map(([, tenths]) => tenths))}::int[]) as x(u, tenths)
        where users.id = x.u
      ), stored as (
        update wallet_operations
        set result = ${JSON.stringify(result ?? {})}::jsonb || coalesce((
          select jsonb_object_agg(f.field, coalesce(m.balance, a.balance, 0))
          from unnest(${sql.param(fields.map((f) => f.field))}::text[],
                      ${sql.param(fields.map((f) => f.account))}::int[]) as f(field, account)
          left join moved m on m.id = f.account
          left join wallet_accounts a on a.id = f.account), '{}'::jsonb)
        where id = ${operationId} and ${storeResult}
          and (select count(*) from moved) = ${changed.length}
        returning result
      )
      select id, kind, user_id, currency, balance, null::jsonb as result from moved
      union all select null, null, null, null, null, result from stored`);
    const movedRows = updated.rows.filter((row) => row.id !== null);
    if (movedRows.length !== changed.length) throw new DomainError('INSUFFICIENT_BALANCE');
    const balances = new Map<string, number>();
    for (const row of movedRows)
      if (row.kind === 'user') balances.set(`${row.user_id}:${row.currency}`, Number(row.balance));
    if (storeResult) {
      const stored = updated.rows.find((row) => row.id === null) as unknown as {
        result: Record<string, unknown>;
      };
      const filled = Object.fromEntries(fields.map(({ field }) => [field, Number(stored.result[field])]));
      return { result: fields.length ? { ...result, ...filled } : result, replayed: false, operationId };
    }
    const final = await spec.after!(tx, operationId, result, balances);
    await tx.execute(sql`
      update wallet_operations set result = ${JSON.stringify(final ?? {})}::jsonb where id = ${operationId}`);
    return { result: final, replayed: false, operationId };
  });
  if (created.length) {
    const cache = userIdCacheOf(db);
    if (cache.size > USER_ID_CACHE_SIZE) cache.clear();
    for (const [key, id] of created) cache.set(key, id);
  }
  // Committed (a replay moved nothing): one count per transfer, for the metrics.
  if (!outcome.replayed)
    for (const leg of moved) metrics.ledgerTransfers.inc({ kind: spec.kind, currency: leg.currency });
  return outcome;
}

/** A user's balances in every currency (0 where no account exists yet). */
export async function balancesOf(db: DbOrTx, userId: number): Promise<Balances> {
  const { rows } = await db.execute<{ currency: Currency; balance: string }>(sql`
    select currency, balance from wallet_accounts where kind = 'user' and user_id = ${userId}`);
  const balances: Balances = { star: 0, yellow: 0, coin: 0, exp: 0 };
  for (const row of rows) balances[row.currency] = Number(row.balance);
  return balances;
}

/** Money entering from outside (a paid recharge, a reward). */
export const mintLeg = (user: number, currency: Currency, amount: number): Leg => ({
  from: { system: 'mint' },
  to: { user },
  currency,
  amount,
});
