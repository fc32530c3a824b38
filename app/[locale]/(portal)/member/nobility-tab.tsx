// Nobility tab (spec §2 user center "nobility", §4 open or renew): the caller's tier and its end, the
// tiers on sale with monthly (and renewal) prices in yellow diamonds and their privileges, the purchase dialog (yellow
// or star diamonds), and the latest purchases with what each was paid in.
import { Crown, History } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { NobleBadge } from '@/components/live/chat/noble-badge';
import { NobilityPurchase } from '@/components/nobility/nobility-purchase';
import { LocalTime } from '@/components/ui/local-time';
import { BalanceAmount } from '@/components/wallet/balance-amount';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { nobilityTiersOnSale } from '@/lib/nobility/catalog';
import { nobilityOf } from '@/lib/nobility/service';
import {
  NOBILITY_MONTHS,
  NOBILITY_PRIVILEGES,
  NOBLE_FREE_HORNS,
  type NobilityCode,
  tierOf,
} from '@/lib/nobility/tiers';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { walletBalancesOf } from '@/lib/wallet/balance-shape';
import { balancesOf } from '@/lib/wallet/ledger';
import { SectionCard } from './section-card';

export async function NobilityTab({ profile }: { profile: OwnProfile }) {
  const t = await getTranslations('nobility');
  const tChat = await getTranslations('chat');
  const tWallet = await getTranslations('wallet');
  const format = await getFormatter();
  const times = await getTimeFormat();
  const now = new Date();
  const [mine, balances, onSale] = await Promise.all([
    nobilityOf(getDb(), profile.id, now),
    balancesOf(getDb(), profile.id),
    nobilityTiersOnSale(getDb()),
  ]);
  const tiers = onSale.map((tier) => ({
    tier: tier.tier,
    name: tChat(`nobles.${tier.code as NobilityCode}`),
    monthlyPrice: tier.monthlyPrice,
    renewalPrice: tier.renewalPrice,
  }));
  // The tier in force keeps its name even when it is no longer sold.
  const currentCode = mine.tier ? tierOf(mine.tier)?.code : undefined;
  const current = currentCode && { tier: mine.tier, name: tChat(`nobles.${currentCode}`) };

  return (
    <div className="space-y-5">
      <section className="flex items-center gap-6 rounded-xl border border-line bg-surface px-8 py-6">
        <div className="grid size-14 place-items-center rounded-full bg-amber-50 ring-1 ring-amber-300">
          <Crown aria-hidden className="size-7 text-amber-600" />
        </div>
        <div className="min-w-0 flex-1" data-testid="nobility-status">
          {current && mine.expires_at ? (
            <>
              <p className="flex items-center gap-2 text-xl font-semibold text-ink-900">
                {current.name}
                <NobleBadge tier={current.tier} />
              </p>
              <p className="mt-1 text-sm text-ink-500">
                {t('until', { date: times.dateTime(new Date(mine.expires_at), 'date') })}
              </p>
            </>
          ) : (
            <>
              <p className="text-xl font-semibold text-ink-900">{t('none')}</p>
              <p className="mt-1 text-sm text-ink-500">{t('noneHint')}</p>
            </>
          )}
        </div>
        <p className="text-sm text-ink-500">
          {t('balance')}{' '}
          <BalanceAmount
            currency="yellow"
            server={walletBalancesOf(balances)}
            className="font-semibold text-ink-900 tabular-nums"
            testId="nobility-yellow"
          />
        </p>
      </section>

      <SectionCard title={t('tiersTitle')} icon={Crown}>
        <ul className="grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 sm:p-5 md:grid-cols-5">
          {tiers.map((tier) => (
            <li
              key={tier.tier}
              className="flex flex-col items-center gap-2 rounded-lg border border-line px-3 py-4 text-center"
              data-testid={`nobility-tier-${tier.tier}`}
            >
              <NobleBadge tier={tier.tier} />
              <p className="text-lg font-semibold text-ink-900 tabular-nums">
                {format.number(tier.monthlyPrice)}
              </p>
              <p className="text-xs text-ink-500">{t('perMonth')}</p>
              {tier.renewalPrice !== tier.monthlyPrice ? (
                <p className="text-xs text-ink-700 tabular-nums" data-testid="nobility-renewal">
                  {t('renewalPerMonth', { price: format.number(tier.renewalPrice) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-start gap-4 border-t border-line px-5 py-4 sm:flex-row sm:gap-6">
          <ul className="grid flex-1 grid-cols-1 gap-x-6 gap-y-1.5 text-sm text-ink-700 sm:grid-cols-2">
            {NOBILITY_PRIVILEGES.map((key) => (
              <li key={key} className="flex items-center gap-2">
                <span aria-hidden className="size-1.5 rounded-full bg-amber-500" />
                {t(`privileges.${key}`, { count: NOBLE_FREE_HORNS })}
              </li>
            ))}
          </ul>
          <NobilityPurchase
            offer={{
              tiers,
              months: [...NOBILITY_MONTHS],
              currentTier: mine.tier,
              hasPaymentPassword: profile.hasPaymentPassword,
              starRate: getConfig().NOBILITY_STAR_RATE,
            }}
            balances={walletBalancesOf(balances)}
          />
        </div>
      </SectionCard>

      <SectionCard title={t('historyTitle')} icon={History} times={mine.purchases.length > 0}>
        {mine.purchases.length ? (
          <table className="w-full text-sm" data-testid="nobility-history">
            <thead className="text-left text-xs text-ink-500">
              <tr className="border-b border-line">
                <th className="px-5 py-2 font-medium">{t('history.time')}</th>
                <th className="px-5 py-2 font-medium">{t('history.tier')}</th>
                <th className="px-5 py-2 font-medium">{t('history.months')}</th>
                <th className="px-5 py-2 font-medium">{t('history.price')}</th>
                <th className="px-5 py-2 font-medium">{t('history.until')}</th>
              </tr>
            </thead>
            <tbody>
              {mine.purchases.map((purchase) => (
                <tr key={purchase.id} className="border-b border-line last:border-0">
                  <td className="px-5 py-2 text-ink-700">
                    <LocalTime at={purchase.created_at} style="dateTime" />
                  </td>
                  <td className="px-5 py-2">
                    {tChat(`nobles.${tierOf(purchase.tier)?.code ?? 'knight'}`)}{' '}
                    <span className="text-xs text-ink-500">{t(purchase.renewed ? 'renewed' : 'opened')}</span>
                  </td>
                  <td className="px-5 py-2 tabular-nums">{t('monthsValue', { count: purchase.months })}</td>
                  <td className="px-5 py-2 tabular-nums">
                    {format.number(purchase.paid)} {tWallet(`currency.${purchase.currency}`)}
                  </td>
                  <td className="px-5 py-2 text-ink-700">
                    <LocalTime at={purchase.expires_at} style="date" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-5 py-8 text-center text-sm text-ink-500">{t('historyEmpty')}</p>
        )}
      </SectionCard>
    </div>
  );
}
