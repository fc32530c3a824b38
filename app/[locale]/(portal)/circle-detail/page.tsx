// /circle-detail?id=, one community post (spec §2): the post in full, its likes and comments (lib/posts'
// thread), its review state for its author while it waits or was refused, and deletion for its author.
import { ChevronRight } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { cache } from 'react';
import { ReviewBadge } from '@/components/circles/circle-post-card';
import { Footer } from '@/components/layout/footer';
import { ContentReport } from '@/components/posts/content-report';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';
import { PostComments } from '@/components/posts/post-comments';
import { PostMedia } from '@/components/posts/post-media';
import { ConfirmedDeleteButton } from '@/components/ui/confirmed-delete-button';
import { LocalTime } from '@/components/ui/local-time';
import { Tombstone as TombstonePage } from '@/components/ui/tombstone';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { DomainError } from '@/lib/api/errors';
import { getCirclePost } from '@/lib/circles/service';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { readReason } from '@/lib/review/reason-text';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

/** The post, `'removed'` where staff took it down (others meet a tombstone), or null. */
const postOfRequest = cache(async (rawId: string | undefined, locale: Locale) => {
  const id = rowIdOf(rawId);
  if (id === null) return null;
  const viewer = await currentUser();
  return getCirclePost(getDb(), id, viewer ? { id: viewer.id, role: viewer.role } : null, locale).catch(
    (error: unknown) =>
      error instanceof DomainError && error.code === 'POST_REMOVED' ? ('removed' as const) : null,
  );
});

async function Tombstone({ locale }: { locale: Locale }) {
  const [t, name] = await Promise.all([getTranslations('circle'), productName(locale)]);
  return (
    <TombstonePage
      title={t('tombstone')}
      hint={t('tombstoneHint')}
      back={t('backToList')}
      href="/circle"
      productName={name}
      testId="post-tombstone"
    />
  );
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const post = await postOfRequest(id, locale);
  if (!post) return { title: (await getTranslations({ locale, namespace: 'meta' }))('notFound') };
  if (post === 'removed')
    return {
      title: (await getTranslations({ locale, namespace: 'circle' }))('tombstone'),
      robots: { index: false },
    };
  const screen = await screenMetadata(locale, 'circleDetail', `/circle-detail?id=${post.id}`);
  const t = await getTranslations({ locale, namespace: 'circle' });
  return {
    ...screen,
    title: t('postOf', { name: post.author.nickname }),
    description: post.content.slice(0, 160),
    // Posts in review are their author's alone.
    ...(post.review.status === 'approved' ? {} : { robots: { index: false } }),
  };
}

export default async function CircleDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { id } = await searchParams;
  const post = await postOfRequest(id, locale);
  if (!post) notFound();
  if (post === 'removed') return <Tombstone locale={locale} />;
  const [t, name, messages, viewer, tReasons] = await Promise.all([
    getTranslations('circle'),
    productName(locale),
    getMessages(),
    currentUser(),
    getTranslations('im.notices.reasons'),
  ]);
  // The stored reason's code in the reader's language, the staff's words as written.
  const reason = readReason(
    (code) => (tReasons.has(code as never) ? tReasons(code as never) : code),
    post.review.reason,
  );
  const approved = post.review.status === 'approved';
  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-5 px-6 py-6">
        <article
          className="rounded-xl border border-line bg-surface px-8 py-6"
          data-testid="circle-post-detail"
        >
          <nav aria-label={t('circles')} className="mb-4 flex items-center gap-1 text-xs text-ink-500">
            <Link href="/circle" className="hover:text-brand-600">
              {t('title')}
            </Link>
            <ChevronRight aria-hidden className="size-3.5" />
            <Link href={`/circle?circle=${post.circle.id}`} className="hover:text-brand-600">
              {post.circle.name}
            </Link>
          </nav>
          {approved ? null : (
            <p
              className="mb-4 flex flex-wrap items-center gap-2 rounded-md bg-canvas px-3 py-2 text-sm text-ink-700"
              data-testid="review-notice"
            >
              <ReviewBadge review={post.review} />
              {post.review.status === 'pending'
                ? t('pendingNotice')
                : post.review.removed
                  ? t('removedNotice', { reason })
                  : t('rejectedNotice', { reason })}
            </p>
          )}
          <header className="flex items-center gap-3">
            <img
              src={post.author.avatar}
              alt=""
              width={44}
              height={44}
              className="size-11 rounded-full border border-line bg-canvas"
            />
            <div className="min-w-0">
              <h1 className="font-semibold text-ink-900">{t('postOf', { name: post.author.nickname })}</h1>
              <p className="flex flex-wrap items-center gap-x-3">
                <LocalTime
                  at={post.created_at}
                  style="longDateTime"
                  className="text-xs text-ink-500 tabular-nums"
                />
                <ZoneHint />
              </p>
            </div>
          </header>
          <p
            className="mt-4 whitespace-pre-wrap break-words text-[15px] leading-7 text-ink-900"
            data-testid="circle-post-body"
          >
            {post.content}
          </p>
          <NextIntlClientProvider
            locale={locale}
            messages={{ posts: messages.posts, circle: messages.circle, moderation: messages.moderation }}
          >
            <div className="mt-4">
              <PostMedia post={post} />
            </div>
            <footer className="mt-5 flex items-center gap-4 border-t border-line pt-4">
              {approved ? (
                <LikeButton
                  path="api/anchor_dynamics_user/likes"
                  id={post.id}
                  initial={{ liked: post.liked, likes: post.likes }}
                  icon={<LikeIcon />}
                  testId="circle-detail-like"
                />
              ) : null}
              {post.can_delete ? (
                <div className="ml-auto">
                  <ConfirmedDeleteButton
                    id={post.id}
                    then={`/circle?circle=${post.circle.id}`}
                    texts={{
                      delete: t('delete'),
                      confirm: t('confirmDelete'),
                      cancel: t('cancel'),
                      deleted: t('deleted'),
                    }}
                    testId="circle-delete"
                  />
                </div>
              ) : null}
              {approved ? (
                // 举报 for someone else's post (guests get the login dialog).
                <ContentReport
                  targetType="post"
                  targetId={post.id}
                  authorId={post.author.id}
                  viewerId={viewer?.id ?? null}
                />
              ) : null}
            </footer>
          </NextIntlClientProvider>
        </article>
        {approved ? (
          <section
            aria-labelledby="circle-comments"
            className="rounded-xl border border-line bg-surface px-6 py-5"
          >
            <h2 id="circle-comments" className="mb-3 font-semibold text-ink-900">
              {t('comments')}
            </h2>
            <NextIntlClientProvider
              locale={locale}
              messages={{ posts: messages.posts, moderation: messages.moderation }}
            >
              <PostComments id={post.id} viewerId={viewer?.id ?? null} />
            </NextIntlClientProvider>
          </section>
        ) : null}
      </div>
      <Footer productName={name} />
    </>
  );
}
