// /admin/settings: system settings stored in the database and applied without a restart (operators;
// issue 29, item 6): the product name, the customer-service email, the mobile site, the replay feed, the
// gift value that asks for confirmation, sign-up, rate limits and auto-hide, the SMS gateway and captcha
// (#41 item 8), the scheduled backups (issue #46) and the retention of aged data (#45 item 5).
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { recentBackups } from '@/lib/jobs/backup';
import { backupScheduleView } from '@/lib/system/backup-settings';
import { recentColdArchives, retentionView } from '@/lib/system/retention-settings';
import { settingsView } from '@/lib/system/settings';
import { BackupSettingsForm } from './backup-form';
import { LimitsForm, ProvidersForm, RegistrationForm } from './operator-settings-forms';
import { RetentionForm } from './retention-form';
import { FeedSettingsForm, SiteSettingsForm, SpendSettingsForm } from './settings-forms';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.settings' });
  return { title: t('title') };
}

export default async function SettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('settings');
  const t = await getTranslations('admin.ops.settings');
  const brand = await getTranslations('brand');
  const db = getDb();
  const { stored, effective, configured } = await settingsView(db);
  const { updatedAt: _updatedAt, ...schedule } = await backupScheduleView(db);
  const runs = (await recentBackups(db, 5)).map((run) => ({
    ...run,
    startedAt: run.startedAt.toISOString(),
  }));
  const { updatedAt: _retentionUpdatedAt, ...retention } = await retentionView(db);
  const archives = (await recentColdArchives(db, 5)).map(
    ({ writtenAt, deletedAt: _deletedAt, ...archive }) => ({
      ...archive,
      writtenAt: writtenAt.toISOString(),
    }),
  );
  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <div className="space-y-4">
        <SiteSettingsForm stored={stored} configured={configured} defaultName={brand('name')} />
        <FeedSettingsForm stored={stored} effective={effective} />
        <SpendSettingsForm stored={stored} effective={effective.giftConfirmStars} />
        <RegistrationForm stored={stored} effective={effective.registration} />
        <LimitsForm stored={stored} effective={effective} />
        <ProvidersForm stored={stored} effective={effective} />
        <BackupSettingsForm schedule={schedule} runs={runs} />
        <RetentionForm retention={retention} archives={archives} />
      </div>
    </>
  );
}
