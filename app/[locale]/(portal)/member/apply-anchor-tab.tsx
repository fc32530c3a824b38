// /member?type=7: apply to become an anchor. Anchors are pointed to their centre; an application
// under review shows its state; a refused one shows why and can be sent again.
import { CircleX, Hourglass, Mic } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { OwnProfile } from '@/lib/accounts/profile-service';
import { getDb } from '@/lib/db';
import { latestApplication } from '@/lib/live/applications';
import { EXPERIENCE_MAX, EXPERIENCE_MIN } from '@/lib/live/applications-api';
import { readReason } from '@/lib/review/reason-text';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { ApplyAnchorFormLoader } from './apply-anchor-form-loader';
import { AnchorTab } from './other-tabs';
import { SectionCard } from './section-card';
import { APPLY_ANCHOR_TAB } from './tabs';

export async function ApplyAnchorTab({ profile }: { profile: OwnProfile }) {
  if (profile.isAnchor) return <AnchorTab profile={profile} type={APPLY_ANCHOR_TAB} />;
  const t = await getTranslations('anchorApply');
  const tReasons = await getTranslations('im.notices.reasons');
  const reasons = (code: string) => (tReasons.has(code as never) ? tReasons(code as never) : code);
  const times = await getTimeFormat();
  const application = await latestApplication(getDb(), profile.id);

  if (application?.status === 'pending') {
    return (
      <SectionCard title={t('pendingTitle')} icon={Hourglass}>
        <p className="text-sm text-ink-700" data-testid="application-state">
          {t('pendingBody', {
            date: times.dateTime(application.createdAt, 'dateTime'),
          })}
        </p>
      </SectionCard>
    );
  }
  return (
    <div className="space-y-5">
      {application?.status === 'failed' && (
        <SectionCard title={t('failedTitle')} icon={CircleX}>
          <p className="text-sm text-live" data-testid="application-state">
            {t('failedReason', { reason: readReason(reasons, application.reason) })}
          </p>
          <p className="mt-1 text-sm text-ink-500">{t('reapply')}</p>
        </SectionCard>
      )}
      <SectionCard title={t('title')} icon={Mic}>
        <p className="mb-5 text-sm text-ink-500">{t('intro')}</p>
        <ApplyAnchorFormLoader experienceMin={EXPERIENCE_MIN} experienceMax={EXPERIENCE_MAX} />
      </SectionCard>
    </div>
  );
}
