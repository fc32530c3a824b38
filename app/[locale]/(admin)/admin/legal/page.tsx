// /admin/legal: the footer's policy pages (privacy policy, user agreement, about us) in each language. A
// language operators have not written shows the text the portal ships; saving here replaces it on
// /about-user at once, and "back to the shipped text" removes the operators' version.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { adminPage } from '@/components/admin/guard';
import { AdminPageHeader } from '@/components/admin/page-header';
import { cn } from '@/lib/cn';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { legalPage } from '@/lib/system/legal';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@/lib/system/schema';
import { LegalEditor } from './legal-editor';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ doc?: string; lang?: string }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'admin.catalog.legal' });
  return { title: t('title') };
}

export default async function AdminLegalPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await adminPage('legal');
  const t = await getTranslations('admin.catalog.legal');
  const tl = await getTranslations('admin.catalog.news.languages');
  const query = await searchParams;
  const document: LegalDocument = LEGAL_DOCUMENTS.find((doc) => doc === query.doc) ?? 'aboutUs';
  const language: Locale = LOCALES.find((value) => value === query.lang) ?? locale;
  const written = await legalPage(getDb(), document, language);
  const shipped = translator(language);
  const values = { name: await productName(language), email: getConfig().CUSTOMER_SERVICE_EMAIL };
  const tab = (active: boolean) =>
    cn(
      '-mb-px inline-flex h-9 items-center border-b-2 px-3 text-sm',
      active
        ? 'border-brand-500 font-medium text-brand-600'
        : 'border-transparent text-ink-500 hover:text-ink-900',
    );

  return (
    <>
      <AdminPageHeader title={t('title')} description={t('description')} />
      <div className="rounded-xl border border-line bg-surface p-5">
        <nav aria-label={t('documents')} className="flex flex-wrap gap-1 border-b border-line">
          {LEGAL_DOCUMENTS.map((doc) => (
            <Link
              key={doc}
              href={`/admin/legal?doc=${doc}&lang=${language}`}
              aria-current={doc === document ? 'page' : undefined}
              className={tab(doc === document)}
            >
              {t(`documentNames.${doc}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={t('languages')} className="mt-3 flex flex-wrap gap-1">
          {LOCALES.map((value) => (
            <Link
              key={value}
              href={`/admin/legal?doc=${document}&lang=${value}`}
              aria-current={value === language ? 'page' : undefined}
              className={cn(
                'inline-flex h-8 items-center rounded-md px-3 text-sm',
                value === language
                  ? 'bg-brand-50 font-medium text-brand-600'
                  : 'text-ink-500 hover:text-ink-900',
              )}
            >
              {tl(value)}
            </Link>
          ))}
        </nav>
        <LegalEditor
          key={`${document}:${language}`}
          document={document}
          language={language}
          written={written !== null}
          title={written?.title ?? shipped(`legal.${document}.title`)}
          body={written?.body ?? shipped(`legal.${document}.body`, values)}
        />
      </div>
    </>
  );
}
