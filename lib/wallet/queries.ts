// The signed-in user's balances in the browser: one TanStack Query key (`queryKeys.balances`) read by
// every screen that shows a balance, seeded from the server's render, patched by the answers that carry
// a new balance and invalidated after every other money action and by pushes that name the user.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '@/lib/http/query-keys';
import type { WalletBalances } from './balance-shape';

export type { BalanceCurrency, WalletBalances } from './balance-shape';

// The HTTP client loads on first use, keeping it out of the top bar's first-load JS.
const fetchBalances = async (afterPush = false) => {
  const { api } = await import('@/lib/http/client');
  return api.get<WalletBalances>('api/wallet/balance', undefined, { silent: true, afterPush });
};

/**
 * The signed-in user's balances; `server` is what the page was rendered with. A later server render (a refresh, a new
 * page) with other figures replaces the cache: it read the database after whatever the cache saw.
 */
export function useBalances(server?: WalletBalances, { signedIn = true }: { signedIn?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.balances,
    queryFn: () => fetchBalances(),
    initialData: server,
    staleTime: 30_000,
    // A guest has no balances (asking would answer "login needed").
    enabled: signedIn,
  });
  const figures = server ? `${server.star}:${server.yellow}:${server.coin}:${server.experience}` : '';
  const seen = useRef(figures);
  useEffect(() => {
    if (!server || figures === seen.current) return;
    seen.current = figures;
    // Keep what a render does not carry (whether a payment password is set).
    queryClient.setQueryData<WalletBalances>(queryKeys.balances, (current) => ({ ...current, ...server }));
  }, [figures, server, queryClient]);
  return query;
}

/**
 * After a money action: patch the figures its answer carries (shown at once), then read them all again
 * (one action can move several currencies: experience, a grabbed envelope's star diamonds, ...).
 */
export function balancesChanged(
  queryClient: QueryClient,
  patch?: Partial<WalletBalances>,
  options: { afterPush?: boolean } = {},
) {
  if (patch)
    queryClient.setQueryData<WalletBalances>(queryKeys.balances, (current) =>
      current ? { ...current, ...patch } : current,
    );
  if (options.afterPush)
    return void queryClient
      .fetchQuery({ queryKey: queryKeys.balances, queryFn: () => fetchBalances(true), staleTime: 0 })
      .catch(() => {});
  return void queryClient.invalidateQueries({ queryKey: queryKeys.balances });
}
