// Pari-mutuel payouts of a fun-guess, in whole coins, with nothing created or lost:
// - a stake on a void (push) outcome is returned whole;
// - winning stakes get their stake back plus a share of every losing stake, in proportion to their
//   amount: share_i = L × a_i / W (L the losing pool, W the winning pool);
// - the shares are floored, and the R coins the floors leave (R < number of winning stakes) go one
//   each to the winning stakes with the largest remainders (L × a_i mod W), ties to the earlier stake
//   (largest-remainder rounding): every winning stake gets ⌊share⌋ or ⌊share⌋ + 1, and the payouts
//   add up to exactly the pool;
// - when no stake is on a winning outcome there is nobody to pay: every stake is returned (void).
// Integer arithmetic in BigInt: L × a_i can pass 2^53.

export type StakeResult = 'won' | 'lost' | 'void';
export type PayoutStake = { id: number; outcomeId: number; amount: number };
export type Payout = { status: StakeResult; payout: number };

export function parimutuel(stakes: PayoutStake[], results: Map<number, StakeResult>) {
  const out = new Map<number, Payout>();
  const resultOf = (stake: PayoutStake) => results.get(stake.outcomeId) ?? 'void';
  const winners = stakes.filter((stake) => resultOf(stake) === 'won');
  const losers = stakes.filter((stake) => resultOf(stake) === 'lost');
  for (const stake of stakes)
    if (resultOf(stake) === 'void') out.set(stake.id, { status: 'void', payout: stake.amount });
  const winning = winners.reduce((sum, stake) => sum + BigInt(stake.amount), 0n);
  const losing = losers.reduce((sum, stake) => sum + BigInt(stake.amount), 0n);
  if (winning === 0n) {
    for (const stake of losers) out.set(stake.id, { status: 'void', payout: stake.amount });
    return out;
  }
  for (const stake of losers) out.set(stake.id, { status: 'lost', payout: 0 });
  const shares = winners.map((stake) => {
    const exact = losing * BigInt(stake.amount);
    return { stake, floor: exact / winning, remainder: exact % winning };
  });
  let left = losing - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.stake.id - b.stake.id : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<number>();
  for (const share of byRemainder) {
    if (left === 0n) break;
    extra.add(share.stake.id);
    left -= 1n;
  }
  for (const share of shares)
    out.set(share.stake.id, {
      status: 'won',
      payout: share.stake.amount + Number(share.floor) + (extra.has(share.stake.id) ? 1 : 0),
    });
  return out;
}
