// /admin/finance: the daily finance report (issue #41, item 6) — the ledger summed per day (the portal's
// zone), kind of operation and currency: minted, burnt, platform revenue, escrow and users' wallets, each
// row balancing; the range's totals per currency and the money recharges took; downloadable as CSV.
import { FileSpreadsheet } from 'lucide-react';
import type { Metadata } from 'next';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { REPORT_MAX_DAYS } from '@/lib/earnings/payouts-api';
import type { Locale } from '@/lib/i18n/routing';
import { dayIn } from '@/lib/time/zone';
import { balances, FLOW_COLUMNS, financeReport, minorDigits } from '@/lib/wallet/finance-report';
import { recordLabelKey } from '@/lib/wallet/kinds';
import { DownloadButton } from './download-button';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const shift = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.finance' });
  return { title: t('title') };
}

export default async function FinancePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('finance');
  const t = await getTranslations('admin.finance');
  const wallet = await getTranslations('wallet');
  const currencies = await getTranslations('admin.ops.ledger.currencies');
  const format = await getFormatter();
  const timeZone = getConfig().TIME_ZONE;
  const today = dayIn(new Date(), timeZone);
  const query = await searchParams;
  const to = DAY.test(one(query.to)) ? one(query.to) : today;
  const asked = DAY.test(one(query.from)) ? one(query.from) : shift(to, -6);
  // A range backwards or longer than the limit is cut to what the report covers.
  const earliest = shift(to, -(REPORT_MAX_DAYS - 1));
  let from = asked;
  if (from > to) from = to;
  if (from < earliest) from = earliest;
  const report = await financeReport(getDb(), { from, to }, timeZone);
  const allBalance = report.rows.every(balances);
  const label = (kind: string) => wallet(`kinds.${recordLabelKey(kind, -1)}` as never);
  const number = (value: number) => format.number(value);

  return (
    <>
      <AdminPageHeader
        title={t('title')}
        description={t('description', { zone: timeZone })}
        actions={<DownloadButton from={from} to={to} />}
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-2" data-testid="finance-range">
        <label>
          <span className={LABEL_CLASS}>{t('from')}</span>
          <input type="date" name="from" defaultValue={from} max={to} className={`${FIELD_CLASS} h-9`} />
        </label>
        <label>
          <span className={LABEL_CLASS}>{t('to')}</span>
          <input type="date" name="to" defaultValue={to} className={`${FIELD_CLASS} h-9`} />
        </label>
        <Button type="submit" size="sm" variant="secondary">
          {t('show')}
        </Button>
        {asked !== from ? <p className="w-full text-xs text-ink-500">{t('rangeTooLong')}</p> : null}
      </form>

      <section
        aria-labelledby="finance-totals"
        className="mb-4 rounded-lg border border-line bg-surface p-4"
        data-testid="finance-totals"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="finance-totals" className="font-medium text-ink-900">
            {t('totals')}
          </h2>
          <p className={`text-sm ${allBalance ? 'text-emerald-700' : 'text-live'}`}>
            {allBalance ? t('balanced') : t('unbalanced')}
          </p>
        </div>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[480px] text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs text-ink-500">
                <th scope="col" className="py-1.5 font-medium">
                  {t('currency')}
                </th>
                {FLOW_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="py-1.5 text-right font-medium">
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.totals.map((total) => (
                <tr key={total.currency} className="border-b border-line last:border-b-0">
                  <th scope="row" className="py-1.5 text-left font-medium text-ink-900">
                    {currencies(total.currency)}
                  </th>
                  {FLOW_COLUMNS.map((column) => (
                    <td
                      key={column}
                      className="py-1.5 text-right tabular-nums"
                      data-testid={`finance-total-${total.currency}-${column}`}
                    >
                      {number(total[column])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.paid.length ? (
          <p className="mt-3 text-sm text-ink-700">
            {t('paidTitle')}:{' '}
            {report.paid
              .map(
                (paid) =>
                  `${format.number(paid.minor / 10 ** minorDigits(paid.currency), {
                    style: 'currency',
                    currency: paid.currency,
                  })} (${t('paidLine', { orders: paid.orders })})`,
              )
              .join(' · ')}
          </p>
        ) : null}
      </section>

      {report.rows.length ? (
        <div className="overflow-x-auto rounded-lg border border-line bg-surface">
          <table className="w-full min-w-[760px] text-sm" data-testid="finance-rows">
            <caption className="sr-only">{t('title')}</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs text-ink-500">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('day')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('item')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('currency')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('operations')}
                </th>
                {FLOW_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-right font-medium">
                    {t(`columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('paid')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr
                  key={`${row.day}-${row.kind}-${row.channel}-${row.paidCurrency}-${row.currency}`}
                  className="border-b border-line last:border-b-0"
                >
                  <td className="px-3 py-1.5 whitespace-nowrap text-ink-500 tabular-nums">{row.day}</td>
                  <td className="px-3 py-1.5 text-ink-900">
                    <span className="block text-xs text-ink-500">{t(`sections.${row.section}`)}</span>
                    {label(row.kind)}
                    {row.channel ? ` · ${row.channel}` : ''}
                  </td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{currencies(row.currency)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{number(row.operations)}</td>
                  {FLOW_COLUMNS.map((column) => (
                    <td key={column} className="px-3 py-1.5 text-right tabular-nums">
                      {row[column] ? number(row[column]) : '—'}
                    </td>
                  ))}
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                    {row.paidCurrency
                      ? format.number(row.paidMinor / 10 ** minorDigits(row.paidCurrency), {
                          style: 'currency',
                          currency: row.paidCurrency,
                        })
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState icon={FileSpreadsheet} title={t('empty')} hint={t('emptyHint')} />
      )}
    </>
  );
}
