// Tabs whose features arrive with later parts of the product: they show what is true for this user
// today and say what will fill them, never sample data.

import type { LucideIcon } from 'lucide-react';
import { Mic } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { Link } from '@/lib/i18n/navigation';
import { AnchorCenter } from './anchor-center';
import { ANCHOR_CENTER_TAB } from './tabs';

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
