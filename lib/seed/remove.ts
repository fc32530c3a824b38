// `npm run seed -- --remove-demo` (issue 43): takes away every demo account (`users.demo`) and what it
// owns — rooms, broadcasts and their media, reserved lives, fun-guesses, posts, videos and uploads,
// follows, chat, wallets — the demo custom categories no other room uses and the fictional football league
// (./demo-league.ts), leaving real data as it was.
//
// The ledger stays balanced and keeps every real person's history:
// - an operation that moved money only between demo accounts and the system (a welcome gift, a demo
//   plan purchase) is deleted with its transfers, and the system accounts it touched are set back;
// - an operation that also touched a real account (a real viewer's gift to a demo anchor) is kept: the
//   demo side becomes the burn account (money a demo account received leaves circulation) or the mint
//   (money a demo account sent enters it), so the real balance and record are unchanged.
//
// A demo room where a real person staked in a fun-guess is kept (ended, its anchor locked) for the same
// reason: the ledger's record of those stakes names the guess.
// Kept, by design: a demo expert's published plans and their commitments (the public commitment chain is
// append-only and real experts' commitments link to theirs, lib/experts), so an account with published
// plans — or that bought one — is not deleted: its open plans are voided (buyers refunded through the
// ledger), it can no longer sign in, its room and everything else it owns go. The report lists them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { sessions, users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { voidPlan } from '@/lib/experts/plans';
import { expertPlans, planPurchases } from '@/lib/experts/schema';
import { guesses, guessStakes } from '@/lib/guess/schema';
import { cancelGuess, releaseGuess } from '@/lib/guess/service';
import { customCategories, liveRooms } from '@/lib/live/schema';
import { storage } from '@/lib/storage';
import { uploads } from '@/lib/storage/schema';
import { DEMO_CUSTOM_CATEGORIES } from './anchors';
import { removeDemoLeague } from './demo-league';

export type DemoRemoval = {
  accounts: number;
  /** Demo accounts kept because the commitment chain holds their plans (or purchases). */
  kept: { id: number; nickname: string }[];
  operationsDeleted: number;
  transfersRepointed: number;
  plansVoided: number;
  /** Matches of the demo's fictional football league taken away (./demo-league.ts). */
  leagueMatches: number;
};

export async function removeDemoData(
  db: Db,
  options: { mediaRoot?: string; now: Date },
): Promise<DemoRemoval> {
  const demo = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(eq(users.demo, true));
  if (!demo.length)
    return {
      accounts: 0,
      kept: [],
      operationsDeleted: 0,
      transfersRepointed: 0,
      plansVoided: 0,
      leagueMatches: await removeDemoLeague(db),
    };
  const demoIds = demo.map((row) => row.id);

  // Plans and purchases can never be deleted (append-only chain): their owners stay, locked.
  const planOwners = await db
    .selectDistinct({ id: expertPlans.expertId })
    .from(expertPlans)
    .where(inArray(expertPlans.expertId, demoIds));
  const buyers = await db
    .selectDistinct({ id: planPurchases.userId })
    .from(planPurchases)
    .where(inArray(planPurchases.userId, demoIds));
  // A demo operator who voided a plan is named on it for good (a voided plan is final).
  const voiders = await db
    .selectDistinct({ id: expertPlans.voidedBy })
    .from(expertPlans)
    .where(inArray(expertPlans.voidedBy, demoIds));
  // A demo room where a real person staked in a fun-guess keeps its guesses (the ledger's record of
  // those stakes names them): the room stays, ended, and its anchor stays, locked, like a plan's author.
  const guessRooms = await db
    .selectDistinct({ id: liveRooms.anchorId })
    .from(guessStakes)
    .innerJoin(guesses, eq(guesses.id, guessStakes.guessId))
    .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
    .innerJoin(users, eq(users.id, guessStakes.userId))
    .where(and(inArray(liveRooms.anchorId, demoIds), eq(users.demo, false)));
  const keptRoomOwners = guessRooms.map((row) => row.id);
  const keptIds = new Set(
    [...planOwners, ...buyers, ...voiders, ...guessRooms].flatMap((row) => (row.id === null ? [] : [row.id])),
  );
  let plansVoided = 0;
  const open = await db
    .select({ id: expertPlans.id, expertId: expertPlans.expertId })
    .from(expertPlans)
    .where(and(inArray(expertPlans.expertId, demoIds), eq(expertPlans.status, 'open')));
  for (const plan of open) {
    // Voided in the expert's own name (kept), so no real operator's row is touched.
    await db.transaction((tx) =>
      voidPlan(tx, {
        planId: plan.id,
        operatorId: plan.expertId,
        reasonCode: 'other',
        note: '',
        reason: 'demo data removed',
        now: options.now,
      }),
    );
    plansVoided += 1;
  }
  const removed = demoIds.filter((id) => !keptIds.has(id));
  await closeDemoGuesses(db, demoIds, options.now);

  // Files: uploads (avatars, covers, videos) and the demo rooms' media folders.
  const files = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.userId, demoIds));
  const rooms = await db
    .select({ id: liveRooms.id })
    .from(liveRooms)
    .where(inArray(liveRooms.anchorId, demoIds));

  const ledger = await db.transaction(async (tx) => {
    const result = removed.length ? await releaseLedger(tx, removed) : { deleted: 0, repointed: 0 };
    // Columns that name a person without owning the row (a reviewer, the operator who voided) forget them.
    for (const statement of [
      sql`update expert_applications set reviewer_id = null where reviewer_id in ${ids(removed)}`,
      sql`update plan_disputes set decided_by = null where decided_by in ${ids(removed)}`,
      sql`delete from user_sanctions where user_id in ${ids(removed)}`,
    ])
      if (removed.length) await tx.execute(statement);
    const roomsGone = demoIds.filter((id) => !keptRoomOwners.includes(id));
    if (roomsGone.length) await tx.delete(liveRooms).where(inArray(liveRooms.anchorId, roomsGone));
    if (keptRoomOwners.length)
      await tx.update(liveRooms).set({ status: 'ended' }).where(inArray(liveRooms.anchorId, keptRoomOwners));
    await tx.delete(uploads).where(inArray(uploads.userId, demoIds));
    if (keptIds.size)
      await tx
        .update(users)
        .set({ passwordHash: null, paymentPasswordHash: null, isAnchor: false, avatar: '' })
        .where(inArray(users.id, [...keptIds]));
    if (keptIds.size) await tx.delete(sessions).where(inArray(sessions.userId, [...keptIds]));
    if (removed.length) await tx.delete(users).where(inArray(users.id, removed));
    // The demo's custom categories, unless a real room chose one.
    const names = Object.values(DEMO_CUSTOM_CATEGORIES).map((value) => value['zh-CN']);
    await tx.execute(sql`
      delete from ${customCategories} c
      where c.names->>'zh-CN' in ${names}
        and not exists (select 1 from ${liveRooms} r where r.custom_category_id = c.id)`);
    return result;
  });

  const provider = storage();
  for (const file of files) await provider.delete?.(file.key).catch(() => {});
  if (options.mediaRoot)
    for (const room of rooms)
      await fs.rm(path.join(options.mediaRoot, String(room.id)), { recursive: true, force: true });

  return {
    accounts: removed.length,
    kept: demo.filter((row) => keptIds.has(row.id)),
    operationsDeleted: ledger.deleted,
    transfersRepointed: ledger.repointed,
    plansVoided,
    // After the rooms and guesses: what they named no longer holds a match.
    leagueMatches: await removeDemoLeague(db),
  };
}

/**
 * The demo rooms' fun-guesses give back every coin they hold first: an open or locked guess is cancelled
 * (流局, every stake refunded), a settlement still in its dispute window pays out, so a real viewer who
 * staked in a demo room loses nothing. Then they go with their room (unless a real person staked: the
 * room is kept, see `guessRooms`).
 */
async function closeDemoGuesses(db: Db, demoIds: number[], now: Date) {
  const holding = await db
    .select({
      id: guesses.id,
      status: guesses.status,
      payAt: guesses.payAt,
      disputeStatus: guesses.disputeStatus,
    })
    .from(guesses)
    .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
    .where(
      and(
        inArray(liveRooms.anchorId, demoIds),
        or(
          inArray(guesses.status, ['open', 'locked']),
          and(eq(guesses.status, 'settled'), isNull(guesses.paidAt)),
        ),
      ),
    );
  for (const guess of holding) {
    if (guess.status !== 'settled') await cancelGuess(db, { guessId: guess.id, reason: 'anchor', now });
    // A disputed settlement is upheld; an undisputed one is paid as at its due instant.
    else if (guess.disputeStatus === 'open') await releaseGuess(db, { guessId: guess.id, now, uphold: true });
    else if (guess.payAt)
      await releaseGuess(db, { guessId: guess.id, now: guess.payAt > now ? guess.payAt : now });
  }
}

const ids = (list: number[]) =>
  sql`(${sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** See the file's head: demo-only operations go, mixed ones keep their real side. */
async function releaseLedger(tx: Parameters<Parameters<Db['transaction']>[0]>[0], removed: number[]) {
  await tx.execute(sql`
    create temp table demo_accounts on commit drop as
      select id from wallet_accounts where kind = 'user' and user_id in ${ids(removed)}`);
  // Operations whose every user account is a demo one.
  await tx.execute(sql`
    create temp table demo_operations on commit drop as
      select t.operation_id as id from wallet_transfers t
      join wallet_accounts f on f.id = t.from_account
      join wallet_accounts d on d.id = t.to_account
      group by t.operation_id
      having bool_or(t.from_account in (select id from demo_accounts) or t.to_account in (select id from demo_accounts))
        and bool_and((f.kind <> 'user' or f.id in (select id from demo_accounts))
                 and (d.kind <> 'user' or d.id in (select id from demo_accounts)))`);
  // Set back every system account those operations moved, then delete them.
  await tx.execute(sql`
    with moves as (
      select to_account as id, -amount as delta from wallet_transfers where operation_id in (select id from demo_operations)
      union all
      select from_account, amount from wallet_transfers where operation_id in (select id from demo_operations)
    ), sums as (select id, sum(delta) as delta from moves group by id)
    update wallet_accounts a set balance = a.balance + s.delta from sums s where s.id = a.id`);
  await tx.execute(sql`delete from wallet_transfers where operation_id in (select id from demo_operations)`);
  // History below the ledger check's proven point changes: the next check reads every transfer.
  await tx.execute(sql`delete from ledger_proven_points`);
  const deleted = await tx.execute(
    sql`delete from wallet_operations where id in (select id from demo_operations)`,
  );
  // Mixed operations: the demo side becomes the mint (it sent) or the burn (it received).
  await tx.execute(sql`
    insert into wallet_accounts (kind, user_id, shard, currency, balance)
    select k.kind::wallet_account_kind, 0, 0, c.currency, 0
    from (values ('mint'), ('burn')) k(kind)
    cross join (select distinct currency from wallet_accounts where id in (select id from demo_accounts)) c
    on conflict do nothing`);
  const sent = await tx.execute(sql`
    with moved as (
      update wallet_transfers t set from_account = m.id
      from wallet_accounts m
      where t.from_account in (select id from demo_accounts)
        and m.kind = 'mint' and m.user_id = 0 and m.shard = 0 and m.currency = t.currency
      returning t.from_account as mint, t.amount
    ), sums as (select mint, sum(amount) as amount from moved group by mint)
    update wallet_accounts a set balance = a.balance - s.amount from sums s where a.id = s.mint
    returning a.id`);
  const received = await tx.execute(sql`
    with moved as (
      update wallet_transfers t set to_account = b.id
      from wallet_accounts b
      where t.to_account in (select id from demo_accounts)
        and b.kind = 'burn' and b.user_id = 0 and b.shard = 0 and b.currency = t.currency
      returning t.to_account as burn, t.amount
    ), sums as (select burn, sum(amount) as amount from moved group by burn)
    update wallet_accounts a set balance = a.balance + s.amount from sums s where a.id = s.burn
    returning a.id`);
  await tx.execute(sql`update wallet_operations set user_id = 0 where user_id in ${ids(removed)}`);
  await tx.execute(sql`delete from wallet_accounts where id in (select id from demo_accounts)`);
  return { deleted: deleted.rowCount ?? 0, repointed: (sent.rowCount ?? 0) + (received.rowCount ?? 0) };
}
