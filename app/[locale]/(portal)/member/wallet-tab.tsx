// Wallet tab (/member?type=2): balances from the ledger, each explained for who is reading (yellow
// diamonds: an anchor's gifts, an expert's plan sales, or how they are earned), recharge packages with the
// install's payment channels, and the expense and income details of the last three months.
import { Gem, Receipt, Sparkles, Star, Wallet } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { BalanceAmount } from '@/components/wallet/balance-amount';
import { RechargeForm } from '@/components/wallet/recharge-form';
import { getDb } from '@/lib/db';
import { type EarnerRoles, yellowSourceOf } from '@/lib/earnings/earner';
import { walletBalancesOf } from '@/lib/wallet/balance-shape';
import { balancesOf } from '@/lib/wallet/ledger';
import { listChargeRules, paymentProviders } from '@/lib/wallet/recharge';
import { SectionCard } from './section-card';
import { WalletStatement } from './wallet-statement';

export async function WalletTab({
  userId,
  roles,
}: {
  userId: number;
  roles: Pick<EarnerRoles, 'anchor' | 'expert'>;
}) {
  const t = await getTranslations('wallet');
  const db = getDb();
  const [balances, rules, providers] = await Promise.all([
    balancesOf(db, userId),
    listChargeRules(db),
    paymentProviders(db),
  ]);
  // Each figure follows the shared balances query: a money action elsewhere on the page shows here.
  const server = walletBalancesOf(balances);
  const cards = [
    { key: 'star', currency: 'star', icon: Gem, label: t('currency.star'), hint: t('starHint') },
    {
      key: 'yellow',
      currency: 'yellow',
      icon: Star,
      label: t('currency.yellow'),
      // What yellow diamonds are for this person: their gifts, their plan sales, both, or how one earns them.
      hint: t(`yellowFrom.${yellowSourceOf(roles)}`),
    },
    { key: 'coin', currency: 'coin', icon: Wallet, label: t('currency.coin'), hint: t('coinHint') },
    { key: 'exp', currency: 'experience', icon: Sparkles, label: t('experience'), hint: t('expHint') },
  ] as const;
  return (
    <div className="space-y-5">
      <section aria-label={t('balances')} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {cards.map(({ key, currency, icon: Icon, label, hint }) => (
          <div key={key} className="min-w-0 rounded-xl border border-line bg-surface px-4 py-4 sm:px-5">
            <p className="flex items-center gap-1.5 text-sm text-ink-500">
              <Icon aria-hidden className="size-4 text-brand-500" />
              {label}
            </p>
            <p className="mt-1 text-2xl font-semibold text-ink-900 tabular-nums">
              <BalanceAmount currency={currency} server={server} testId={`wallet-${key}`} />
            </p>
            <p className="mt-1 text-xs text-ink-500" data-testid={`wallet-${key}-hint`}>
              {hint}
            </p>
          </div>
        ))}
      </section>
      <SectionCard title={t('recharge')} icon={Gem}>
        <RechargeForm
          rules={rules.map((rule) => ({
            id: rule.id,
            diamonds: rule.diamonds,
            bonus: rule.bonus,
            priceMinor: rule.priceMinor,
            currency: rule.priceCurrency,
          }))}
          channels={providers.map((provider) => ({
            channel: provider.channel,
            name: t(`channels.${provider.channel}`),
            currencies: provider.currencies,
          }))}
        />
      </SectionCard>
      <SectionCard
        title={t('details')}
        icon={Receipt}
        aside={<span className="text-xs text-ink-500">{t('detailsNote')}</span>}
        times
      >
        <WalletStatement />
      </SectionCard>
    </div>
  );
}
