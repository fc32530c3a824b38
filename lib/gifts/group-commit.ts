// Group commit of gift sends (issue #32). A derby's goal brings hundreds of sends a second to one
// anchor; written one transaction each, every send queues on the anchor's earnings row and costs the
// node six round trips. Here the sends a node receives while earlier batches are being written wait,
// and go out together as ONE statement (one round trip, one commit, the anchor's row moved once per
// batch), each keeping its own idempotency key, its own refusal and its own records:
// - a batch holds at most one send per sender, and a sender's next send waits for their previous batch,
//   so a sender's sends are written in order (their debits, combos and experience as one by one);
// - accounts are locked first, in id order (as `runOperation` does), then debits are conditional
//   (`balance >= value`, a backpack's `quantity >= count`): a send not covered is refused alone with its
//   reason and writes nothing, not even its key;
// - a key already used (a retry, or the same key with another payload) goes to `sendGiftAlone`, which
//   answers replays and conflicts; so does every send of a batch whose statement failed as a whole (a
//   key claimed meanwhile by another node is a unique violation, a deadlock with another node is
//   detected): nothing of it was written, each send then goes alone;
// - a send is answered only after its batch committed: a crash loses only unanswered sends, whole.
// With a free slot (fewer than BATCHES_IN_FLIGHT statements running) a send goes at once, alone: the
// batches grow only as fast as sends arrive while the database is busy.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import { giftLine } from '@/lib/chat/service';
import type { DbOrTx } from '@/lib/db';
import { fanLevelOf, INTIMACY_PER_DIAMOND } from '@/lib/fan-club/levels';
import { log } from '@/lib/log';
import { accountsForBatch, type Currency, countTransfers, payloadHash } from '@/lib/wallet/ledger';
import { sendBarrier } from './barriers';
import { giverTotalsUpsert } from './giver-totals';
import type { CheckedSend, SendGiftOutcome, SendGiftResult } from './send-types';

/** Statements a node runs at once (the rest of the pool serves everything else). */
const BATCHES_IN_FLIGHT = 2;
/** Sends per statement at most (its arrays stay small; the rest take the next batch). */
const MAX_BATCH = 500;

type Waiting = {
  send: CheckedSend;
  alone: () => Promise<SendGiftOutcome>;
  resolve: (outcome: SendGiftOutcome) => void;
  reject: (error: unknown) => void;
};
type Written = { sent: SendGiftOutcome } | { refused: DomainError } | 'alone';

/** Batches written by this process, their sends and the time they took (bench/gifts.ts prints them). */
export const batchStats = { batches: 0, sends: 0, ms: 0 };

class GiftGroupCommit {
  private queue: Waiting[] = [];
  private writing = 0;
  /** Senders with a send in a batch being written. */
  private busy = new Set<number>();

  constructor(private readonly db: DbOrTx) {}

  send(send: CheckedSend, alone: () => Promise<SendGiftOutcome>) {
    return new Promise<SendGiftOutcome>((resolve, reject) => {
      this.queue.push({ send, alone, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.writing < BATCHES_IN_FLIGHT && this.queue.length) {
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const senders = new Set<number>();
      for (const waiting of this.queue) {
        const sender = waiting.send.input.senderId;
        if (batch.length < MAX_BATCH && !this.busy.has(sender) && !senders.has(sender)) {
          batch.push(waiting);
          senders.add(sender);
        } else later.push(waiting);
      }
      if (!batch.length) return;
      this.queue = later;
      for (const sender of senders) this.busy.add(sender);
      this.writing += 1;
      void this.write(batch).finally(() => {
        this.writing -= 1;
        for (const sender of senders) this.busy.delete(sender);
        this.pump();
      });
    }
  }

  private async write(batch: Waiting[]) {
    let written: Written[];
    const started = performance.now();
    try {
      written = await writeBatch(
        this.db,
        batch.map((waiting) => waiting.send),
      );
    } catch (error) {
      log.warn(
        { code: (error as { cause?: { code?: string } }).cause?.code, sends: batch.length },
        'gifts: a batch failed as a whole; its sends go one by one',
      );
      written = batch.map(() => 'alone');
    }
    batchStats.batches += 1;
    batchStats.sends += batch.length;
    batchStats.ms += performance.now() - started;
    await Promise.all(
      batch.map(async (waiting, i) => {
        const outcome = written[i]!;
        if (outcome === 'alone') return waiting.alone().then(waiting.resolve, waiting.reject);
        if ('refused' in outcome) return waiting.reject(outcome.refused);
        waiting.resolve(outcome.sent);
      }),
    );
  }
}

const commits = new WeakMap<object, GiftGroupCommit>();
/** The group commit of a database (one per pool). */
export function giftGroupCommit(db: DbOrTx) {
  let commit = commits.get(db);
  if (!commit) {
    commit = new GiftGroupCommit(db);
    commits.set(db, commit);
  }
  return commit;
}

/**
 * Writes the sends in ONE statement: the same rows as `sendGiftAlone` (the operation with its key and
 * result, the transfers, the balances, experience, fan intimacy, the send with its combo, the chat
 * line), with the shared rows (the anchor's earnings, the system shards) moved once for the batch.
 */
async function writeBatch(db: DbOrTx, sends: CheckedSend[]): Promise<Written[]> {
  const wanted: { user: number; currency: Currency }[] = [];
  for (const send of sends)
    wanted.push(
      { user: send.input.senderId, currency: 'star' },
      { user: send.input.senderId, currency: 'exp' },
      { user: send.anchorId, currency: 'yellow' },
    );
  const accounts = await accountsForBatch(db, wanted);
  const revenue = accounts.system('revenue', 'star');
  const mintYellow = accounts.system('mint', 'yellow');
  const mintExp = accounts.system('mint', 'exp');
  const lines = sends.map((send) =>
    giftLine(db, {
      roomId: send.input.roomId,
      sender: send.input.sender,
      gift: { code: send.gift.code, names: send.gift.names, count: send.input.count },
      now: send.input.now,
    }),
  );
  const column = <T>(of: (send: CheckedSend, i: number) => T) => sql.param(sends.map(of));
  const { rows } = await db.execute<{
    fresh: boolean;
    op: string | null;
    combo: number | null;
    balance: string | null;
    chat_id: string | null;
    noble: number | null;
    badge_color: string | null;
    intimacy: number | null;
    fan_name: string | null;
    barred: boolean | null;
    banned_until: string | Date | null;
    muted_until: string | Date | null;
    sealed_at: string | Date | null;
    sealed_until: string | Date | null;
  }>(sql`
    with x as (
      select * from unnest(
        ${column((s) => `gift:${s.input.senderId}:${s.input.key}`)}::text[],
        ${column((s) => payloadHash('gift', { room: s.input.roomId, gift: s.gift.id, count: s.input.count, backpack: s.input.fromBackpack }))}::text[],
        ${column((s) => s.input.senderId)}::int[], ${column((s) => s.input.roomId)}::int[],
        ${column((s) => s.anchorId)}::int[], ${column((s) => s.gift.id)}::int[],
        ${column((s) => s.input.count)}::int[], ${column((s) => s.value)}::bigint[],
        ${column((s) => s.anchorIncome)}::bigint[], ${column((s) => s.input.fromBackpack)}::boolean[],
        ${column((s) => accounts.user(s.input.senderId, 'star'))}::int[],
        ${column((s) => accounts.user(s.input.senderId, 'exp'))}::int[],
        ${column((s) => accounts.user(s.anchorId, 'yellow'))}::int[],
        ${column((_, i) => lines[i]!.content)}::text[],
        ${column((s) => JSON.stringify({ code: s.gift.code, names: s.gift.names, count: s.input.count }))}::text[],
        ${column((s) => s.experience)}::bigint[], ${column((s) => s.value * INTIMACY_PER_DIAMOND)}::int[],
        ${column((s) => s.comboSince.toISOString())}::timestamptz[],
        ${column((s) => s.input.now.toISOString())}::timestamptz[]
      ) with ordinality as x(key, hash, sender, room, anchor, gift, count, value, income, backpack, star, exp,
                             yellow, content, gift_json, tenths, intimacy, since, at, ord)
    ), fresh as (
      -- A key already used is answered by sendGiftAlone (a replay, or another payload refused).
      select * from x where not exists (select from wallet_operations o where o.idempotency_key = x.key)
    ), barriers as (
      -- Each send's sender (a console's ban or mute) and room (an operator's seal), read here so a
      -- sanction given a moment before counts; a barred send writes nothing and its batch-mates go on.
      select f.ord, u.banned_until, u.muted_until, r.sealed_at, r.sealed_until,
        u.banned_until > f.at or u.muted_until > f.at
          or (r.sealed_at is not null and (r.sealed_until is null or r.sealed_until > f.at)) as barred
      from fresh f left join users u on u.id = f.sender left join live_rooms r on r.id = f.room
    ), unbarred as (
      select f.* from fresh f join barriers b on b.ord = f.ord where not coalesce(b.barred, false)
    ), locked as (
      select id from wallet_accounts
      where id in (select star from unbarred where not backpack union all select exp from unbarred
                   union all select yellow from unbarred where income > 0)
         or id in (${revenue}, ${mintYellow}, ${mintExp})
      order by id for update
    ), paid as (
      update wallet_accounts a set balance = a.balance - f.value, updated_at = f.at
      from unbarred f
      where not f.backpack and a.id = f.star and a.balance >= f.value and (select count(*) from locked) > 0
      returning f.ord, a.balance
    ), unpacked as (
      update backpack_items b set quantity = b.quantity - f.count
      from unbarred f
      where f.backpack and b.user_id = f.sender and b.gift_id = f.gift and b.quantity >= f.count
        and (select count(*) from locked) > 0
      returning f.ord
    ), ok as materialized (
      -- The accepted sends, with their operation id, the sender's star diamonds after and their combo.
      select f.*, nextval(pg_get_serial_sequence('wallet_operations', 'id')) as op,
        coalesce(p.balance, (select a.balance from wallet_accounts a where a.id = f.star), 0) as balance,
        coalesce((select g.combo from gift_sends g
                  where g.sender_id = f.sender and g.room_id = f.room and g.gift_id = f.gift and g.created_at >= f.since
                  order by g.created_at desc, g.id desc limit 1), 0) + 1 as combo
      from unbarred f left join paid p on p.ord = f.ord
      where p.ord is not null or f.ord in (select ord from unpacked)
    ), claimed as (
      -- No ON CONFLICT: a key another node claimed since this statement's snapshot fails the batch.
      insert into wallet_operations (id, idempotency_key, kind, payload_hash, user_id, result, created_at)
      select op, key, 'gift', hash, sender,
        jsonb_build_object('send_id', op, 'room_id', room, 'anchor_id', anchor, 'gift_id', gift, 'count', count,
                           'value', value, 'anchor_income', income, 'combo', combo, 'from_backpack', backpack,
                           'balance', balance), at
      from ok
    ), earned as (
      update wallet_accounts a set balance = a.balance + e.total, updated_at = e.at
      from (select yellow, sum(income) as total, max(at) as at from ok where income > 0 group by yellow) e
      where a.id = e.yellow
    ), experienced as (
      update wallet_accounts a set balance = a.balance + ok.tenths, updated_at = ok.at from ok where a.id = ok.exp
    ), shards as (
      -- VALUES of scalar sums, not a UNION ALL of aggregates: PostgreSQL 15 skipped this update without a
      -- word when another node had moved the shard since this statement's snapshot (its re-check of the
      -- newer row found no UNION ALL row to join), so transfers were written and the shard not moved.
      update wallet_accounts a set balance = a.balance + s.delta, updated_at = (select max(at) from ok)
      from (values (${revenue}::int, (select sum(value) filter (where not backpack) from ok)),
                   (${mintYellow}::int, (select -sum(income) from ok)),
                   (${mintExp}::int, (select -sum(tenths) from ok))) as s(id, delta)
      where a.id = s.id and s.delta <> 0
    ), transfers as (
      insert into wallet_transfers (operation_id, from_account, to_account, currency, amount, created_at)
      select ok.op, l.f, l.t, l.c::wallet_currency, l.a, ok.at
      from ok cross join lateral (values
        (ok.star, ${revenue}::int, 'star', ok.value, not ok.backpack),
        (${mintYellow}::int, ok.yellow, 'yellow', ok.income, ok.income > 0),
        (${mintExp}::int, ok.exp, 'exp', ok.tenths, true)) as l(f, t, c, a, moved)
      where l.moved
    ), levels as (
      update users u set experience = u.experience + ok.tenths from ok where u.id = ok.sender
    ), fans as (
      update fan_club_members m set intimacy = m.intimacy + ok.intimacy
      from ok, fan_clubs c
      where m.anchor_id = ok.anchor and m.user_id = ok.sender and c.anchor_id = m.anchor_id
      returning ok.ord, m.intimacy, c.name
    ), sent as (
      insert into gift_sends (operation_id, room_id, anchor_id, sender_id, gift_id, count, value, anchor_income,
                              from_backpack, combo, created_at)
      select op, room, anchor, sender, gift, count, value, income, backpack, combo, at from ok
    ), rolled as (${giverTotalsUpsert(sql`select room, sender, value::bigint, at from ok`)}
    ), lines as (
      insert into chat_messages (channel_kind, channel_id, user_id, content, gift, created_at)
      select 'live'::chat_channel_kind, room, sender, content, gift_json::jsonb, at from ok order by ord
      returning id, user_id
    ), nobles as (
      select n.user_id, max(n.tier) as tier
      from nobilities n join ok on n.user_id = ok.sender and n.expires_at > ok.at group by n.user_id
    ), colors as (
      select b.user_id, b.color from chat_badge_colors b join ok on b.user_id = ok.sender where b.chosen
    )
    select exists (select from fresh where fresh.ord = x.ord) as fresh, barriers.barred, barriers.banned_until,
      barriers.muted_until, barriers.sealed_at, barriers.sealed_until, ok.op, ok.combo, ok.balance,
      lines.id as chat_id, nobles.tier as noble, colors.color as badge_color, fans.intimacy, fans.name as fan_name
    from x
    left join ok on ok.ord = x.ord
    left join lines on ok.op is not null and lines.user_id = x.sender
    left join nobles on ok.op is not null and nobles.user_id = x.sender
    left join colors on ok.op is not null and colors.user_id = x.sender
    left join fans on fans.ord = x.ord
    left join barriers on barriers.ord = x.ord
    order by x.ord`);

  return sends.map((send, i): Written => {
    const row = rows[i]!;
    if (!row.fresh) return 'alone';
    if (row.barred) {
      const at = (value: string | Date | null) => (value === null ? null : new Date(value));
      const barrier = sendBarrier(
        {
          bannedUntil: at(row.banned_until),
          mutedUntil: at(row.muted_until),
          sealedAt: at(row.sealed_at),
          sealedUntil: at(row.sealed_until),
        },
        send.input.now,
      );
      if (barrier) return { refused: barrier };
    }
    if (row.op === null)
      return {
        refused: new DomainError(send.input.fromBackpack ? 'BACKPACK_EMPTY' : 'INSUFFICIENT_BALANCE'),
      };
    const operationId = Number(row.op);
    const fan =
      row.fan_name === null ? null : { name: row.fan_name, level: fanLevelOf(Number(row.intimacy)) };
    const result: SendGiftResult = {
      send_id: operationId,
      room_id: send.input.roomId,
      anchor_id: send.anchorId,
      gift_id: send.gift.id,
      count: send.input.count,
      value: send.value,
      anchor_income: send.anchorIncome,
      combo: Number(row.combo),
      from_backpack: send.input.fromBackpack,
      balance: Number(row.balance),
      chat: lines[i]!.message(Number(row.chat_id), row.noble, row.badge_color, fan),
    };
    const currencies: Currency[] = [];
    if (!send.input.fromBackpack) currencies.push('star');
    if (send.anchorIncome > 0) currencies.push('yellow');
    currencies.push('exp');
    countTransfers('gift', currencies);
    return { sent: { result, replayed: false, operationId, gift: send.gift } };
  });
}
