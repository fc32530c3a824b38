// /admin/ledger: the ledger check run on demand, with its result (finance and operators; issue 29, item 6).
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import type { Locale } from '@/lib/i18n/routing';
import { LedgerCheck } from './ledger-check';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'admin.ops.ledger' });
  return { title: t('title') };
}

export default async function LedgerPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('ledger');
  const t = await getTranslations('admin.ops.ledger');
  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <LedgerCheck />
    </>
  );
}
