'use client';
// Expense and income details (`api/Order/getList`), by type, 15 a page, last three months only.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LocalTime } from '@/components/ui/local-time';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { recordLabelKey } from '@/lib/wallet/kinds';

const TYPES = ['all', 'recharge', 'expense', 'income', 'coin'] as const;
type RecordType = (typeof TYPES)[number];
const PAGE_SIZE = 15;
type Line = {
  id: number;
  kind: string;
  currency: 'star' | 'yellow' | 'coin';
  amount: number;
  created_at: string;
};

/** `types` limits the selector (one type hides it: the task centre shows only coin lines). */
export function WalletStatement({
  types = TYPES,
  emptyHint,
}: {
  types?: readonly RecordType[];
  emptyHint?: string;
}) {
  const t = useTranslations('wallet');
  const format = useFormatter();
  const [type, setType] = useState<RecordType>(types[0]!);
  const query = useInfiniteQuery({
    queryKey: ['wallet', 'statement', type],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const { api } = await import('@/lib/http/client');
      return api.get<{ total: number; list: Line[] }>('api/Order/getList', {
        type,
        page: pageParam,
        size: PAGE_SIZE,
      });
    },
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
  const lines = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div>
      <div
        className={cn(
          'flex gap-1 overflow-x-auto border-b border-line px-3 py-2 sm:px-5',
          types.length < 2 && 'hidden',
        )}
      >
        {types.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === type}
            onClick={() => setType(value)}
            className={cn(
              'h-8 rounded-md px-3 text-sm',
              value === type ? 'bg-brand-50 font-medium text-brand-600' : 'text-ink-700 hover:text-brand-600',
            )}
          >
            {t(`recordTypes.${value}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <div className="space-y-2 p-5">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : lines.length === 0 ? (
        <div className="flex flex-col items-center gap-1 px-5 py-10 text-center">
          <Receipt aria-hidden className="size-8 text-ink-300" strokeWidth={1.5} />
          <p className="font-medium text-ink-900">{t('empty')}</p>
          <p className="text-sm text-ink-500">{emptyHint ?? t('emptyHint')}</p>
        </div>
      ) : (
        <table className="w-full text-sm" data-testid="wallet-statement">
          <thead>
            <tr className="border-b border-line text-left text-xs text-ink-500">
              <th scope="col" className="px-3 sm:px-5 py-2 font-normal">
                {t('columnTime')}
              </th>
              <th scope="col" className="px-3 sm:px-5 py-2 font-normal">
                {t('columnKind')}
              </th>
              <th scope="col" className="px-3 sm:px-5 py-2 text-right font-normal">
                {t('columnAmount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-b border-line last:border-0">
                <td className="px-3 sm:px-5 py-2.5 text-ink-500 tabular-nums">
                  <LocalTime at={line.created_at} style="dateTime" />
                </td>
                <td className="px-3 sm:px-5 py-2.5 break-keep text-ink-900">
                  {t(`kinds.${recordLabelKey(line.kind, line.amount)}` as never)}
                </td>
                <td
                  className={cn(
                    'px-3 sm:px-5 py-2.5 text-right font-medium tabular-nums',
                    line.amount > 0 ? 'text-win' : 'text-ink-900',
                  )}
                >
                  {line.amount > 0 ? '+' : ''}
                  {format.number(line.amount)} {t(`currency.${line.currency}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-line p-3 text-center">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {t('more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
