// The anchor tabs: the anchor centre, or a pointer to it from the application tab.

import { Mic } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { Link } from '@/lib/i18n/navigation';
import { AnchorCenter } from './anchor-center';
import { ANCHOR_CENTER_TAB } from './tabs';

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
