// Withdrawals tab for every earner (anchors, experts, holders of yellow diamonds: lib/earnings/earner.ts),
// also the lower half of the experts' income centre: earnings (yellow diamonds) available and held, where
// payouts go, the application form with the payment PIN, converting into star diamonds, and the history.
import { ArrowRightLeft, Banknote, Clock, Landmark, ReceiptText, Star } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { type EarnerRoles, yellowSourceOf } from '@/lib/earnings/earner';
import { alipayOf, bankCardOf, withdrawalList } from '@/lib/earnings/service';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { balancesOf } from '@/lib/wallet/ledger';
import { ConvertForm } from './convert-form';
import { PayoutAccountsForm } from './payout-accounts-form';
import { SectionCard, StatusPill } from './section-card';
import { WithdrawForm } from './withdraw-form';

const TONE = { pending: 'waiting', approved: 'waiting', paid: 'good', rejected: 'bad' } as const;

export async function WithdrawalsTab({
  userId,
  now,
  roles,
}: {
  userId: number;
  now: Date;
  roles: Pick<EarnerRoles, 'anchor' | 'expert'>;
}) {
  const t = await getTranslations('earnings');
  const notices = await getTranslations('im.notices');
  const format = await getFormatter();
  const times = await getTimeFormat();
  const db = getDb();
  const { WITHDRAW_MIN: min, WITHDRAW_FEE_PERCENT: feePercent } = getConfig();
  const [balances, card, alipay, history] = await Promise.all([
    balancesOf(db, userId),
    bankCardOf(db, userId),
    alipayOf(db, userId),
    withdrawalList(db, userId, now, 1, 50),
  ]);
  const held = history.list
    .filter((row) => row.status === 'pending' || row.status === 'approved')
    .reduce((sum, row) => sum + row.amount, 0);
  const stats = [
    {
      key: 'available',
      icon: Star,
      value: balances.yellow,
      hint: t(`stats.availableFrom.${yellowSourceOf(roles)}`),
    },
    { key: 'held', icon: Clock, value: held, hint: t('stats.heldHint') },
    {
      key: 'rules',
      icon: Banknote,
      value: min,
      hint: t('stats.rulesHint', { fee: format.number(feePercent) }),
    },
  ];
  return (
    <div className="space-y-5">
      <section aria-label={t('stats.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {stats.map(({ key, icon: Icon, value, hint }) => (
          <div key={key} className="rounded-xl border border-line bg-surface px-5 py-4">
            <p className="flex items-center gap-1.5 text-sm text-ink-500">
              <Icon aria-hidden className="size-4 text-brand-500" />
              {t(`stats.${key}` as never)}
            </p>
            <p
              className="mt-1 text-2xl font-semibold text-ink-900 tabular-nums"
              data-testid={`earnings-${key}`}
            >
              {format.number(value)}
            </p>
            <p className="mt-1 text-xs text-ink-500">{hint}</p>
          </div>
        ))}
      </section>
      <SectionCard title={t('accounts.title')} icon={Landmark}>
        <PayoutAccountsForm card={card} alipay={alipay} />
      </SectionCard>
      <SectionCard title={t('withdraw.title')} icon={Banknote}>
        <WithdrawForm
          available={balances.yellow}
          min={min}
          feePercent={feePercent}
          methods={{ bank: card !== null, alipay: alipay !== null }}
        />
      </SectionCard>
      <SectionCard title={t('convert.title')} icon={ArrowRightLeft}>
        <ConvertForm available={balances.yellow} />
      </SectionCard>
      <SectionCard
        title={t('history.title')}
        icon={ReceiptText}
        aside={<span className="text-xs text-ink-500">{t('history.note')}</span>}
      >
        {history.list.length ? (
          // A phone scrolls the table in its frame rather than the page sideways.
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <table className="w-full min-w-[560px] text-sm" data-testid="withdrawal-history">
              <thead>
                <tr className="border-b border-line text-left text-xs text-ink-500">
                  <th scope="col" className="py-2 font-medium">
                    {t('history.time')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('history.amount')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('history.fee')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('history.payout')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('history.to')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('history.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.list.map((row) => (
                  <tr key={row.id} className="border-b border-line last:border-b-0">
                    <td className="py-2.5 text-ink-700 tabular-nums">
                      {times.dateTime(new Date(row.created_at), 'shortDateTime')}
                    </td>
                    <td className="py-2.5 font-medium text-ink-900 tabular-nums">
                      {format.number(row.amount)}
                    </td>
                    <td className="py-2.5 text-ink-700 tabular-nums">{format.number(row.fee)}</td>
                    <td className="py-2.5 text-ink-700 tabular-nums">{format.number(row.payout)}</td>
                    <td className="py-2.5 whitespace-nowrap text-ink-700">{row.destination}</td>
                    <td className="py-2.5 text-right">
                      <StatusPill tone={TONE[row.status]}>
                        {t(row.return_reason ? 'history.states.returned' : `history.states.${row.status}`)}
                      </StatusPill>
                      {row.return_reason ? (
                        <span className="mt-0.5 block text-xs text-ink-500" data-testid="return-reason">
                          {notices(`reasons.${row.return_reason}` as never)}
                        </span>
                      ) : null}
                      {row.payout_reference ? (
                        <span
                          className="mt-0.5 block text-xs whitespace-nowrap text-ink-500 tabular-nums"
                          data-testid="payout-reference"
                        >
                          {t('history.paidRef', { reference: row.payout_reference })}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <EmptyState icon={ReceiptText} title={t('history.emptyTitle')} hint={t('history.emptyHint')} />
        )}
      </SectionCard>
    </div>
  );
}
