// Footer policy pages (spec §2 /about-user): type 0 privacy policy, 1 user agreement, 2 about us.
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { legalPage } from '@/lib/system/legal';
import { LEGAL_DOCUMENTS as DOCUMENTS } from '@/lib/system/schema';
import { effectiveSettings } from '@/lib/system/settings';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ type?: string }> };

function documentOf(type: string | undefined) {
  return DOCUMENTS[Number(type)] ?? 'aboutUs';
}

export async function generateMetadata({ params, searchParams }: Props) {
  const doc = documentOf((await searchParams).type);
  return screenMetadata((await params).locale, doc, `/about-user?type=${DOCUMENTS.indexOf(doc)}`);
}

export default async function AboutUserPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const current = documentOf((await searchParams).type);
  const t = await getTranslations('legal');
  const name = await productName(locale);
  const values = { name, email: effectiveSettings().customerServiceEmail };
  // What operators wrote in this language, else the text the portal ships.
  const written = await legalPage(getDb(), current, locale);
  const title = written?.title ?? t(`${current}.title`);
  const paragraphs = (written?.body ?? t(`${current}.body`, values)).split(/\n{2,}/).filter(Boolean);
  return (
    <>
      <div className="mx-auto flex w-full min-w-0 max-w-[1200px] flex-col gap-4 px-3 py-4 sm:px-6 sm:py-10 md:flex-row md:gap-8">
        <nav aria-label={t('label')} className="min-w-0 shrink-0 md:w-52">
          <ul className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface p-2 md:block md:space-y-1">
            {DOCUMENTS.map((doc, index) => (
              <li key={doc}>
                <Link
                  href={`/about-user?type=${index}`}
                  aria-current={doc === current ? 'page' : undefined}
                  className={cn(
                    'block rounded-lg px-4 py-2.5 text-sm whitespace-nowrap hover:bg-brand-50 hover:text-brand-600',
                    doc === current && 'bg-brand-50 font-medium text-brand-600',
                  )}
                >
                  {t(`${doc}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-4 py-5 sm:px-10 sm:py-8">
          <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
          <div className="space-y-4 leading-relaxed text-ink-700">
            {paragraphs.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={index} className="whitespace-pre-line break-words">
                {paragraph}
              </p>
            ))}
          </div>
        </article>
      </div>
      <Footer productName={name} />
    </>
  );
}
