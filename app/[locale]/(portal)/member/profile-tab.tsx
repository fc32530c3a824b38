// Profile tab: the editable profile, account facts, real-name verification and payment password.
import { Globe, IdCard, KeyRound, ShieldCheck, UserRoundPen } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import { AVATAR_CHOICES } from '@/lib/accounts/avatars';
import { currentUser } from '@/lib/accounts/current-user';
import { NICKNAME_MAX, NICKNAME_MIN, REAL_NAME_MAX, SIGNATURE_MAX } from '@/lib/accounts/profile-schemas';
import {
  EARLIEST_BIRTHDAY,
  getVerification,
  latestToday,
  type OwnProfile,
  type VerificationStatus,
} from '@/lib/accounts/profile-service';
import { getDb } from '@/lib/db';
import { CopyButton } from './copy-button';
import { PaymentPasswordForm } from './payment-password-form';
import { ProfileForm } from './profile-form';
import { SectionCard, StatusPill } from './section-card';
import { VerificationForm } from './verification-form';
import { ZoneForm } from './zone-form';

const VERIFICATION_TONE = {
  none: 'neutral',
  pending: 'waiting',
  succeeded: 'good',
  failed: 'bad',
} as const satisfies Record<VerificationStatus, string>;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-10 items-center justify-between gap-3 border-b border-line py-2 last:border-b-0">
      <dt className="shrink-0 text-sm text-ink-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right text-sm text-ink-900">{children}</dd>
    </div>
  );
}

export async function ProfileTab({ profile }: { profile: OwnProfile }) {
  const t = await getTranslations('member');
  const tErrors = await getTranslations('errors');
  const [verification, user] = await Promise.all([getVerification(getDb(), profile.id), currentUser()]);
  const initial = {
    avatar: profile.avatar,
    nickname: profile.nickname,
    signature: profile.signature,
    gender: profile.gender,
    birthday: profile.birthday ?? '',
  };
  const reason =
    verification.reason && tErrors.has(verification.reason as never)
      ? tErrors(verification.reason as never)
      : verification.reason;

  return (
    <div className="space-y-5">
      <div className="grid grid-cols-1 items-start gap-5 layout:grid-cols-[minmax(0,1fr)_320px]">
        <SectionCard title={t('profile.basic')} icon={UserRoundPen}>
          <ProfileForm
            // A saved change comes back as new initial values: start the form again from them.
            key={JSON.stringify(initial)}
            initial={initial}
            avatarChoices={[...AVATAR_CHOICES]}
            limits={{ nicknameMin: NICKNAME_MIN, nicknameMax: NICKNAME_MAX, signatureMax: SIGNATURE_MAX }}
            earliestBirthday={EARLIEST_BIRTHDAY}
            today={latestToday(new Date())}
          />
        </SectionCard>
        <SectionCard title={t('account.title')} icon={IdCard}>
          <dl>
            <Fact label={t('account.mobile')}>
              <span className="tabular-nums">
                +{profile.countryCode} {profile.mobile}
              </span>
            </Fact>
            <Fact label={t('account.uid')}>
              <span className="tabular-nums">{profile.id}</span>
            </Fact>
            <Fact label={t('account.inviteCode')}>
              {profile.inviteCode ? (
                <>
                  <span className="font-mono tracking-wider">{profile.inviteCode}</span>
                  <CopyButton text={profile.inviteCode} />
                </>
              ) : (
                <span className="text-ink-500">{t('account.noInviteCode')}</span>
              )}
            </Fact>
            <Fact label={t('account.role')}>
              {profile.isAnchor ? t('account.roles.anchor') : t('account.roles.user')}
            </Fact>
            <Fact label={t('account.memberSince')}>
              <LocalTime at={profile.createdAt} style="date" />
            </Fact>
          </dl>
        </SectionCard>
      </div>

      <SectionCard id="time-zone" title={t('zone.title')} icon={Globe}>
        <ZoneForm chosen={user?.timeZone ?? ''} />
      </SectionCard>

      <div className="grid grid-cols-1 items-start gap-5 md:grid-cols-2">
        <SectionCard
          id="verification"
          title={t('verify.title')}
          icon={ShieldCheck}
          aside={
            <StatusPill tone={VERIFICATION_TONE[verification.status]}>
              {t(`verify.status.${verification.status}`)}
            </StatusPill>
          }
        >
          {verification.status === 'succeeded' || verification.status === 'pending' ? (
            <>
              <dl>
                <Fact label={t('verify.realName')}>{verification.realName}</Fact>
                <Fact label={t('verify.idType')}>
                  {verification.idType === 'passport'
                    ? t('verify.idTypes.passport')
                    : t('verify.idTypes.cn_id')}
                </Fact>
                <Fact label={t('verify.idNumber')}>
                  <span className="font-mono tracking-wide">{verification.idNumber}</span>
                </Fact>
              </dl>
              <p className="mt-3 text-xs text-ink-500">
                {verification.status === 'succeeded' ? t('verify.finalHint') : t('verify.pendingHint')}
              </p>
            </>
          ) : (
            <>
              {verification.status === 'failed' ? (
                <p className="mb-4 rounded-md bg-live/10 px-3 py-2 text-sm text-live">
                  {t('verify.failedReason', { reason: reason ?? '' })}
                </p>
              ) : (
                <p className="mb-4 text-sm text-ink-500">{t('verify.hint')}</p>
              )}
              <VerificationForm realNameMax={REAL_NAME_MAX} />
            </>
          )}
        </SectionCard>

        <SectionCard
          title={t('payment.title')}
          icon={KeyRound}
          aside={
            <StatusPill tone={profile.hasPaymentPassword ? 'good' : 'neutral'}>
              {profile.hasPaymentPassword ? t('payment.isSet') : t('payment.notSet')}
            </StatusPill>
          }
        >
          <p className="mb-4 text-sm text-ink-500">{t('payment.hint')}</p>
          <PaymentPasswordForm hasPassword={profile.hasPaymentPassword} />
        </SectionCard>
      </div>
    </div>
  );
}
