// Tabs whose features arrive with later parts of the product: they show what is true for this user
// today and say what will fill them, never sample data.

import type { LucideIcon } from 'lucide-react';
import { Mic, Wallet } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { Link } from '@/lib/i18n/navigation';
import { AnchorCenter } from './anchor-center';
import { ANCHOR_CENTER_TAB } from './tabs';

export async function WalletTab() {
  const t = await getTranslations('member.wallet');
  const format = await getFormatter();
  return (
    <div className="space-y-5">
      <section className="flex items-center justify-between rounded-xl border border-line bg-surface px-8 py-6">
        <div>
          <p className="text-sm text-ink-500">{t('balance')}</p>
          <p className="mt-1 text-3xl font-semibold text-ink-900 tabular-nums" data-testid="wallet-balance">
            {format.number(0)}
          </p>
        </div>
        <Wallet aria-hidden className="size-10 text-ink-300" strokeWidth={1.5} />
      </section>
      <EmptyState icon={Wallet} title={t('emptyTitle')} hint={t('emptyHint')} />
    </div>
  );
}

export async function EmptyTab({ tabKey, icon }: { tabKey: string; icon: LucideIcon }) {
  const t = await getTranslations('member.empty');
  return <EmptyState icon={icon} title={t(`${tabKey}.title` as never)} hint={t(`${tabKey}.hint` as never)} />;
}

/** Apply-as-anchor (7) and the anchor centre (9): what this account is today. */
/** For anchors: the anchor centre (9), or a pointer to it from the application tab (7). */
export async function AnchorTab({ profile, type }: { profile: OwnProfile; type: number }) {
  const t = await getTranslations('member.anchor');
  if (type === ANCHOR_CENTER_TAB) return <AnchorCenter anchorId={profile.id} nickname={profile.nickname} />;
  return (
    <EmptyState
      icon={Mic}
      title={t('alreadyTitle')}
      hint={t('alreadyHint')}
      action={
        <Button asChild variant="secondary">
          <Link href={`/member?type=${ANCHOR_CENTER_TAB}`}>{t('toCenter')}</Link>
        </Button>
      }
    />
  );
}
