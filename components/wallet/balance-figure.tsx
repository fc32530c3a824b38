// One balance figure, live: the server renders it, the shared balances query keeps it current after
// every money action without a reload (lib/wallet/queries.ts). Loaded through ./balance-amount.tsx.
import { useFormatter } from 'next-intl';
import { type BalanceCurrency, useBalances, type WalletBalances } from '@/lib/wallet/queries';

export function BalanceAmount({
  currency,
  server,
  className,
  testId,
}: {
  currency: BalanceCurrency;
  /** The balances the page was rendered with. */
  server: WalletBalances;
  className?: string;
  testId?: string;
}) {
  const format = useFormatter();
  const { data } = useBalances(server);
  const value = (data ?? server)[currency];
  const formatted =
    currency === 'experience'
      ? format.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
      : format.number(value);
  return (
    <span className={className} data-testid={testId}>
      {formatted}
    </span>
  );
}
