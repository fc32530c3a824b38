// /detail?id=, one article (spec §2), server-rendered in the reader's language (else the language it
// was written in, which is then its canonical address), with likes, the reading record and comments.
import { ChevronRight, Eye, MessageSquare } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { ArticleBody } from '@/components/news/article-body';
import { AutomaticBadge, PopularNews } from '@/components/news/news-list';
import { LikeIcon } from '@/components/posts/like-icon';
import { PostComments } from '@/components/posts/post-comments';
import { JsonLd } from '@/components/seo/json-ld';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { absoluteUrl, alternatesOf, productName, siteOrigin } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { articleOfRequest } from '@/lib/news/page-data';
import { popularNews } from '@/lib/news/service';
import { ArticleActions } from './article-actions';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const article = await articleOfRequest(id, locale);
  if (!article) return { title: (await getTranslations({ locale, namespace: 'meta' }))('notFound') };
  const path = `/detail?id=${article.id}`;
  const alternates = alternatesOf(article.locale as Locale, path, article.locales as Locale[]);
  return {
    title: article.title,
    description: article.summary,
    alternates,
    openGraph: {
      type: 'article',
      title: article.title,
      description: article.summary,
      url: alternates.canonical,
      publishedTime: article.published_at.toISOString(),
      section: article.category.name,
      locale: article.locale.replace('-', '_'),
      ...(article.cover ? { images: [article.cover] } : {}),
    },
    twitter: {
      card: article.cover ? 'summary_large_image' : 'summary',
      title: article.title,
      description: article.summary,
    },
  };
}

export default async function DetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { id } = await searchParams;
  const article = await articleOfRequest(id, locale);
  if (!article) notFound();
  const [t, name, popular, messages, viewer] = await Promise.all([
    getTranslations('news'),
    productName(locale),
    popularNews(getDb(), locale, new Date(), 10),
    getMessages(),
    currentUser(),
  ]);
  const otherLanguage = article.locale !== locale;

  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: article.title,
          description: article.summary,
          inLanguage: article.locale,
          datePublished: article.published_at.toISOString(),
          articleSection: article.category.name,
          mainEntityOfPage: absoluteUrl(article.locale as Locale, `/detail?id=${article.id}`),
          ...(article.cover ? { image: [new URL(article.cover, siteOrigin()).href] } : {}),
          author: { '@type': 'Organization', name },
          publisher: {
            '@type': 'Organization',
            name,
            logo: { '@type': 'ImageObject', url: `${siteOrigin()}/icon.svg` },
          },
        }}
      />
      <div className="mx-auto grid w-full max-w-[1240px] grid-cols-1 gap-5 px-6 py-6 layout:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-5">
          <article
            className="rounded-xl border border-line bg-surface px-8 py-6"
            lang={article.locale}
            data-testid="news-article"
          >
            <nav aria-label={t('breadcrumb')} className="mb-3 flex items-center gap-1 text-xs text-ink-500">
              <Link href="/news" className="hover:text-brand-600">
                {t('title')}
              </Link>
              <ChevronRight aria-hidden className="size-3.5" />
              <Link href={`/news?classify=${article.category.id}`} className="hover:text-brand-600">
                {article.category.name}
              </Link>
            </nav>
            <h1 className="text-2xl font-bold leading-9 text-ink-900">{article.title}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
              {article.automatic ? <AutomaticBadge /> : null}
              <LocalTime at={article.published_at} style="longDateTime" className="tabular-nums" />
              <ZoneHint />
              <span className="inline-flex items-center gap-1 tabular-nums">
                <Eye aria-hidden className="size-3.5" />
                {t('views', { count: article.views })}
              </span>
              <span className="inline-flex items-center gap-1 tabular-nums">
                <MessageSquare aria-hidden className="size-3.5" />
                {t('commentsCount', { count: article.comments })}
              </span>
            </p>
            {otherLanguage ? (
              <p className="mt-3 rounded-md bg-canvas px-3 py-2 text-xs text-ink-500">
                {t('otherLanguage', { language: t(`languages.${article.locale}` as never) })}
              </p>
            ) : null}
            {article.cover ? (
              <img
                src={article.cover}
                alt=""
                width={960}
                height={540}
                className="mt-5 aspect-video w-full rounded-lg border border-line bg-canvas object-cover"
              />
            ) : null}
            <div className="mt-5 space-y-4 text-[15px] leading-7 text-ink-900" data-testid="news-body">
              <ArticleBody body={article.body} />
            </div>
            <footer className="mt-6 flex items-center gap-4 border-t border-line pt-4">
              <NextIntlClientProvider locale={locale} messages={{ posts: messages.posts }}>
                <ArticleActions
                  id={article.id}
                  initial={{ liked: article.liked, likes: article.likes }}
                  icon={<LikeIcon />}
                />
              </NextIntlClientProvider>
              {article.match_id ? (
                <Link
                  href={`/score-detail?id=${article.match_id}`}
                  className="text-sm text-brand-600 hover:underline"
                >
                  {t('matchCentre')}
                </Link>
              ) : null}
            </footer>
          </article>
          <section
            aria-labelledby="news-comments"
            className="rounded-xl border border-line bg-surface px-6 py-5"
          >
            <header className="mb-3 flex items-center gap-3">
              <h2 id="news-comments" className="font-semibold text-ink-900">
                {t('comments')}
              </h2>
              <Link
                href={`/comment?id=${article.id}`}
                className="ml-auto text-sm text-brand-600 hover:underline"
              >
                {t('allComments')}
              </Link>
            </header>
            <NextIntlClientProvider
              locale={locale}
              messages={{ posts: messages.posts, moderation: messages.moderation }}
            >
              <PostComments id={article.id} viewerId={viewer?.id ?? null} />
            </NextIntlClientProvider>
          </section>
        </div>
        <aside className="flex flex-col gap-5">
          <PopularNews items={popular} />
        </aside>
      </div>
      <Footer productName={name} />
    </>
  );
}
