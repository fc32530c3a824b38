// /specialist-news (spec §2): the experts' free analysis articles, newest first, by sport; `?id=` reads
// one (its body drawn like a news body: plain text with a few marks, never HTML). Server-rendered and
// indexable like the news pages; an expert finds the composer (/specialist-news/write) here.
import { ChevronRight, Newspaper, PenLine } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { ArticleBody } from '@/components/news/article-body';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { findExpert } from '@/lib/experts/applications';
import { articleOfRequest } from '@/lib/experts/page-data';
import { ARTICLES_PAGE, listArticles, plainExcerpt } from '@/lib/experts/profiles';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ id?: string; type?: string; page?: string }>;
};

const sportOf = (type: string | undefined) =>
  type === '0' ? ('football' as const) : type === '1' ? ('basketball' as const) : undefined;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'experts' });
  const article = id ? await articleOfRequest(id) : null;
  if (article)
    return {
      title: article.title,
      description: plainExcerpt(article.body, 120),
      alternates: alternatesOf(article.locale as Locale, `/specialist-news?id=${article.id}`, [
        article.locale as Locale,
      ]),
      openGraph: { type: 'article', title: article.title, publishedTime: article.createdAt.toISOString() },
    };
  return {
    title: t('news.title'),
    description: t('news.description'),
    alternates: alternatesOf(locale, '/specialist-news'),
  };
}

export default async function SpecialistNewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const [t, name] = await Promise.all([getTranslations('experts'), productName(locale)]);
  const article = query.id ? await articleOfRequest(query.id) : null;
  const sport = sportOf(query.type);
  const page = Math.min(1000, Math.max(1, Number(query.page) || 1));
  const list = article ? null : await listArticles(getDb(), { sport, page });
  // An expert finds the composer here too.
  const viewer = article ? null : await currentUser();
  const writer = viewer ? await findExpert(getDb(), viewer.id) : null;

  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-5 px-4 py-6 layout:px-6">
        {article ? (
          <article
            className="rounded-xl border border-line bg-surface px-5 py-5 layout:px-8"
            lang={article.locale}
            data-testid="expert-article"
          >
            <nav aria-label={t('breadcrumb')} className="mb-3 flex items-center gap-1 text-xs text-ink-500">
              <Link href="/specialist-news" className="hover:text-brand-600">
                {t('news.title')}
              </Link>
              <ChevronRight aria-hidden className="size-3.5" />
              <span>{t(`sports.${article.sport}`)}</span>
            </nav>
            <h1 className="text-2xl font-bold leading-9 text-ink-900">{article.title}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
              <Link
                href={`/specialist-info?id=${article.expert.id}`}
                className="flex items-center gap-1.5 text-ink-700 hover:text-brand-600"
              >
                <img
                  src={article.expert.avatar}
                  alt=""
                  width={20}
                  height={20}
                  className="size-5 rounded-full bg-canvas"
                />
                {article.expert.nickname}
              </Link>
              <LocalTime at={article.createdAt} style="longDateTime" className="tabular-nums" />
              <ZoneHint />
              {article.matchId ? (
                <Link
                  href={`/score-detail?id=${article.matchId}`}
                  className="whitespace-nowrap text-brand-600 hover:underline"
                >
                  {t('news.match')}
                </Link>
              ) : null}
            </p>
            <div className="mt-5 space-y-4 text-[15px] leading-7 text-ink-900">
              <ArticleBody body={article.body} />
            </div>
          </article>
        ) : (
          <section className="rounded-xl border border-line bg-surface" aria-labelledby="expert-news">
            <header className="flex flex-wrap items-center gap-3 border-b border-line px-5 py-3">
              <h1 id="expert-news" className="text-lg font-bold text-ink-900">
                {t('news.title')}
              </h1>
              {writer ? (
                <Link
                  href="/specialist-news/write"
                  className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-900 hover:border-brand-400 hover:text-brand-600"
                  data-testid="write-article"
                >
                  <PenLine aria-hidden className="size-4" />
                  {t('compose.entry')}
                </Link>
              ) : null}
              <nav className="ml-auto flex gap-1" aria-label={t('home.sports')}>
                {[undefined, '0', '1'].map((type) => (
                  <Link
                    key={type ?? 'all'}
                    href={type ? `/specialist-news?type=${type}` : '/specialist-news'}
                    aria-current={query.type === type || (!type && !sport) ? 'page' : undefined}
                    className={cn(
                      'rounded-full px-3 py-1 text-sm',
                      (type ? query.type === type : !sport)
                        ? 'bg-brand-500 text-white'
                        : 'text-ink-700 hover:text-brand-600',
                    )}
                  >
                    {type ? t(`sports.${sportOf(type)!}`) : t('news.all')}
                  </Link>
                ))}
              </nav>
            </header>
            {list?.list.length ? (
              <ul className="divide-y divide-line" data-testid="expert-news-list">
                {list.list.map((item) => (
                  <li key={item.id} className="space-y-1 px-5 py-4">
                    <h2 className="font-semibold leading-6 text-ink-900">
                      <Link href={`/specialist-news?id=${item.id}`} className="hover:text-brand-600">
                        {item.title}
                      </Link>
                    </h2>
                    <p className="line-clamp-2 text-sm text-ink-500">{item.excerpt}</p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
                      <Link
                        href={`/specialist-info?id=${item.expert.id}`}
                        className="text-ink-700 hover:text-brand-600"
                      >
                        {item.expert.nickname}
                      </Link>
                      <span>{t(`sports.${item.sport}`)}</span>
                      <LocalTime at={item.created_at} style="dateTime" className="tabular-nums" />
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="p-4">
                <EmptyState icon={Newspaper} title={t('news.empty')} hint={t('news.emptyHint')} />
              </div>
            )}
            {list && list.total > page * ARTICLES_PAGE ? (
              <footer className="border-t border-line px-5 py-3 text-right">
                <Link
                  href={`/specialist-news?${sport ? `type=${query.type}&` : ''}page=${page + 1}`}
                  className="text-sm text-brand-600 hover:underline"
                >
                  {t('news.more')}
                </Link>
              </footer>
            ) : null}
          </section>
        )}
      </div>
      <Footer productName={name} />
    </>
  );
}
