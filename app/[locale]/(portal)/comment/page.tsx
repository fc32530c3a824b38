// /comment?id=, an article's comments on their own page (spec §2): the whole thread with replies and
// likes, below the article's title.
import { ChevronLeft } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { PostComments } from '@/components/posts/post-comments';
import { currentUser } from '@/lib/accounts/current-user';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { articleOfRequest } from '@/lib/news/page-data';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const article = await articleOfRequest((await searchParams).id, locale);
  const t = await getTranslations({ locale, namespace: 'news' });
  if (!article) return { title: t('comments') };
  return {
    title: t('commentsOf', { title: article.title }),
    alternates: alternatesOf(
      article.locale as Locale,
      `/comment?id=${article.id}`,
      article.locales as Locale[],
    ),
    // The article is the page to index; its comments page is followed, not listed.
    robots: { index: false, follow: true },
  };
}

export default async function CommentPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const article = await articleOfRequest((await searchParams).id, locale);
  if (!article) notFound();
  const [t, name, messages, viewer] = await Promise.all([
    getTranslations('news'),
    productName(locale),
    getMessages(),
    currentUser(),
  ]);
  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-4 px-6 py-6">
        <header className="rounded-xl border border-line bg-surface px-6 py-4">
          <Link
            href={`/detail?id=${article.id}`}
            className="inline-flex items-center gap-1 text-sm text-brand-600 hover:underline"
          >
            <ChevronLeft aria-hidden className="size-4" />
            {t('backToArticle')}
          </Link>
          <h1 className="mt-1 text-xl font-semibold text-ink-900">
            {t('commentsOf', { title: article.title })}
          </h1>
          <p className="text-sm text-ink-500 tabular-nums">
            {t('commentsCount', { count: article.comments })}
          </p>
        </header>
        <section className="rounded-xl border border-line bg-surface px-6 py-5">
          <NextIntlClientProvider
            locale={locale}
            messages={{ posts: messages.posts, moderation: messages.moderation }}
          >
            <PostComments id={article.id} viewerId={viewer?.id ?? null} />
          </NextIntlClientProvider>
        </section>
      </div>
      <Footer productName={name} />
    </>
  );
}
