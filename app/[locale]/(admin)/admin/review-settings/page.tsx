// /admin/review-settings: whether global horn messages and new community posts wait for a person before
// they show (the queues themselves are in the review screens).
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { reviewRequired } from '@/lib/circles/service';
import { getDb } from '@/lib/db';
import { hornReviewOn } from '@/lib/horn/service';
import type { Locale } from '@/lib/i18n/routing';
import { ReviewSwitch } from './review-switch';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({
    locale: (await params).locale,
    namespace: 'admin.catalog.reviewSettings',
  });
  return { title: t('title') };
}

export default async function ReviewSettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('reviewSettings');
  const t = await getTranslations('admin.catalog.reviewSettings');
  const db = getDb();
  const [horn, circle] = await Promise.all([hornReviewOn(db), reviewRequired(db)]);
  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <div className="divide-y divide-line rounded-xl border border-line bg-surface">
        <ReviewSwitch path="api/admin/horn/settings" on={horn} label={t('horn')} hint={t('hornHint')} />
        <ReviewSwitch
          path="api/admin/circle/settings"
          on={circle}
          label={t('circle')}
          hint={t('circleHint')}
        />
      </div>
    </>
  );
}
