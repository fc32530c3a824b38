// /specialist-news/write: where an expert writes, previews and publishes a free analysis article, and
// sees their own articles. Reached from the expert's own profile (/specialist-info) and from
// /specialist-news; not indexed. Anyone else is told who may write here and where to apply.
import { FileText, PenLine } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { ArticleComposer } from '@/components/experts/article-composer';
import { Footer } from '@/components/layout/footer';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { findExpert } from '@/lib/experts/applications';
import { listArticles } from '@/lib/experts/profiles';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'experts.compose' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function WriteArticlePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await currentUser();
  const db = getDb();
  const expert = viewer ? await findExpert(db, viewer.id) : null;
  const [t, name, messages] = await Promise.all([
    getTranslations('experts'),
    productName(locale),
    getMessages(),
  ]);
  const mine = expert ? await listArticles(db, { expertId: expert.userId }) : null;

  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-5 px-4 py-6 layout:px-6">
        {expert && mine ? (
          <>
            <section
              className="rounded-xl border border-line bg-surface px-5 py-5 layout:px-8"
              aria-labelledby="compose-title"
            >
              <header className="mb-3 flex flex-wrap items-center gap-3">
                <h1 id="compose-title" className="text-xl font-bold text-ink-900">
                  {t('compose.title')}
                </h1>
                <Link
                  href={`/specialist-info?id=${expert.userId}`}
                  className="ml-auto text-sm text-brand-600 hover:underline"
                >
                  {t('compose.back')}
                </Link>
              </header>
              <NextIntlClientProvider locale={locale} messages={{ experts: messages.experts }}>
                <ArticleComposer sports={expert.sports} />
              </NextIntlClientProvider>
            </section>
            <section className="rounded-xl border border-line bg-surface" aria-labelledby="my-articles">
              <h2 id="my-articles" className="border-b border-line px-5 py-3 font-semibold text-ink-900">
                {t('compose.mine')}
              </h2>
              {mine.list.length ? (
                <ul className="divide-y divide-line" data-testid="my-articles">
                  {mine.list.map((item) => (
                    <li key={item.id} className="flex items-center gap-3 px-5 py-3">
                      <Link
                        href={`/specialist-news?id=${item.id}`}
                        className="min-w-0 flex-1 truncate font-medium text-ink-900 hover:text-brand-600"
                        title={item.title}
                      >
                        {item.title}
                      </Link>
                      <span className="shrink-0 text-xs text-ink-500">{t(`sports.${item.sport}`)}</span>
                      <LocalTime
                        at={item.created_at}
                        style="dateTime"
                        className="shrink-0 text-xs tabular-nums text-ink-500"
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="p-4">
                  <EmptyState
                    icon={FileText}
                    title={t('compose.mineEmpty')}
                    hint={t('compose.mineEmptyHint')}
                  />
                </div>
              )}
            </section>
          </>
        ) : (
          <section className="rounded-xl border border-line bg-surface p-4">
            <EmptyState
              icon={PenLine}
              title={t('compose.notExpert')}
              hint={t('compose.notExpertHint')}
              action={
                <Button asChild variant="secondary">
                  <Link href="/specialist">{t('compose.apply')}</Link>
                </Button>
              }
            />
          </section>
        )}
      </div>
      <Footer productName={name} />
    </>
  );
}
