'use client';
// Runs the ledger check when asked and shows its result: balanced or the problems found, the counts, per
// currency what is held against what was minted and burnt, and what escrow holds for each kind of open item.
import { CircleCheck, CircleX, Landmark, Play } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeFormat } from '@/components/ui/time-view';
import { useFormPost } from '@/lib/http/use-form-post';

type Report = {
  ok: boolean;
  checkedAt: string;
  operations: number;
  transfers: number;
  accounts: number;
  currencies: {
    currency: Currency;
    accounts: number;
    held: number;
    minted: number;
    burnt: number;
  }[];
  holdings: { kind: string; items: number; amounts: { currency: Currency; amount: number }[] }[];
  problems: string[];
};

type Currency = 'star' | 'yellow' | 'coin' | 'exp';

/** `plan purchase` → `planPurchase`: the key of a holding's label. */
const kindKey = (kind: string) => kind.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

export function LedgerCheck() {
  const t = useTranslations('admin.ops.ledger');
  const format = useFormatter();
  const times = useTimeFormat();
  const [report, setReport] = useState<Report | null>(null);
  const n = (value: number) => format.number(value);
  // A refusal: the client's error toast says what went wrong.
  const check = useFormPost<void, Report>(
    () => import('@/lib/http/client').then(({ api }) => api.get<Report>('api/admin/ledger/check')),
    { onSuccess: setReport },
  );
  const pending = check.isPending;
  const run = () => check.mutate();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={run} disabled={pending} data-testid="ledger-run">
          <Play aria-hidden className="size-4" />
          {pending ? t('running') : report ? t('runAgain') : t('run')}
        </Button>
        {report ? (
          <span className="text-sm text-ink-500">
            {t('checkedAt', { at: times.dateTime(new Date(report.checkedAt), 'dateTime') })}
          </span>
        ) : null}
      </div>
      {pending && !report ? (
        <Skeleton className="h-[268px] w-full rounded-lg" />
      ) : !report ? (
        <EmptyState icon={Landmark} title={t('emptyTitle')} hint={t('emptyHint')} />
      ) : (
        <section
          className="rounded-lg border border-line bg-surface"
          data-testid="ledger-result"
          aria-live="polite"
        >
          <div
            className={`flex items-center gap-2 border-b border-line px-4 py-3 text-sm font-medium ${report.ok ? 'text-win' : 'text-live'}`}
          >
            {report.ok ? (
              <CircleCheck aria-hidden className="size-5" />
            ) : (
              <CircleX aria-hidden className="size-5" />
            )}
            {report.ok ? t('ok') : t('failed', { count: report.problems.length })}
            <span className="ml-auto text-xs font-normal text-ink-500 tabular-nums">
              {t('counts', {
                accounts: n(report.accounts),
                operations: n(report.operations),
                transfers: n(report.transfers),
              })}
            </span>
          </div>
          {report.problems.length ? (
            <ul className="space-y-1 border-b border-line bg-red-50/60 px-4 py-3 font-mono text-xs text-live">
              {report.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('byCurrency')}</caption>
              <thead>
                <tr className="h-10 border-b border-line bg-canvas/60 text-left text-xs text-ink-500">
                  <th scope="col" className="px-4 font-medium">
                    {t('currency')}
                  </th>
                  {(['accounts', 'minted', 'burnt', 'held'] as const).map((column) => (
                    <th key={column} scope="col" className="px-4 text-right font-medium">
                      {t(`columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.currencies.map((row) => (
                  <tr key={row.currency} className="h-11 border-b border-line last:border-b-0">
                    <th scope="row" className="px-4 text-left font-medium text-ink-900">
                      {t(`currencies.${row.currency}`)}
                    </th>
                    <td className="px-4 text-right tabular-nums">{n(row.accounts)}</td>
                    <td className="px-4 text-right tabular-nums">{n(row.minted)}</td>
                    <td className="px-4 text-right tabular-nums">{n(row.burnt)}</td>
                    <td
                      className={`px-4 text-right font-medium tabular-nums ${row.held === row.minted - row.burnt ? 'text-ink-900' : 'text-live'}`}
                    >
                      {n(row.held)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="overflow-x-auto border-t border-line">
            <table className="w-full text-sm" data-testid="ledger-holdings">
              <caption className="border-b border-line px-4 py-2.5 text-left text-xs font-medium text-ink-500">
                {t('holdings.caption')}
              </caption>
              <thead>
                <tr className="h-10 border-b border-line bg-canvas/60 text-left text-xs text-ink-500">
                  <th scope="col" className="px-4 font-medium">
                    {t('holdings.kind')}
                  </th>
                  <th scope="col" className="px-4 text-right font-medium">
                    {t('holdings.items')}
                  </th>
                  <th scope="col" className="px-4 text-right font-medium">
                    {t('holdings.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.holdings.map((row) => {
                  const label = `holdings.kinds.${kindKey(row.kind)}`;
                  return (
                    <tr key={row.kind} className="h-11 border-b border-line last:border-b-0">
                      <th scope="row" className="px-4 text-left font-medium text-ink-900">
                        {t.has(label) ? t(label) : row.kind}
                      </th>
                      <td className="px-4 text-right tabular-nums">{n(row.items)}</td>
                      <td className="px-4 text-right tabular-nums whitespace-nowrap">
                        {row.amounts.length
                          ? row.amounts
                              .map((amount) => `${n(amount.amount)} ${t(`currencies.${amount.currency}`)}`)
                              .join(' · ')
                          : '—'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="border-t border-line px-4 py-2.5 text-xs text-ink-500">
            {t('rules')} {t('holdings.note')}
          </p>
        </section>
      )}
    </div>
  );
}
