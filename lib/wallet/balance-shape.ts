// The balances as `api/wallet/balance` answers them, for server renders and the browser's query alike.

/** Experience in points (one decimal); the ledger keeps it in tenths. */
export type WalletBalances = {
  star: number;
  yellow: number;
  coin: number;
  experience: number;
  /** Whether a payment password is set (the spend sheet asks for it); unknown in a server render's figures. */
  has_payment_password?: boolean;
};
export type BalanceCurrency = 'star' | 'yellow' | 'coin' | 'experience';

/** Ledger balances (`balancesOf`) shaped as the API answers them. */
export const walletBalancesOf = (balances: { star: number; yellow: number; coin: number; exp: number }) => ({
  star: balances.star,
  yellow: balances.yellow,
  coin: balances.coin,
  experience: balances.exp / 10,
});
