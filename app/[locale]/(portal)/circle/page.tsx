// /circle, the community (spec §2): circles (general, leagues, clubs), the hottest posts of the day,
// week or month or the newest, a composer for signed-in fans and their own posts with the review state.
// Server-rendered; the composer, likes and deletion are the only client parts.
import { MessagesSquare } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { CirclePostCard, type CirclePostItem } from '@/components/circles/circle-post-card';
import { Footer } from '@/components/layout/footer';
import { toPostItem } from '@/components/posts/types';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import {
  CIRCLE_POSTS_PAGE_SIZE,
  CIRCLE_SORTS,
  type CircleSort,
  listCirclePosts,
  listCircles,
  listOwnCirclePosts,
  reviewRequired,
} from '@/lib/circles/service';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CircleComposer } from './circle-composer';
import { CircleNav } from './circle-nav';
import { OwnCirclePosts } from './own-circle-posts';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ circle?: string; sort?: string; page?: string; cursor?: string }>;
};

const positive = (value: string | undefined, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { circle } = await searchParams;
  const id = rowIdOf(circle) ?? undefined;
  const t = await getTranslations({ locale, namespace: 'circle' });
  const screen = await screenMetadata(locale, 'circle', id ? `/circle?circle=${id}` : '/circle');
  return { ...screen, description: t('description') };
}

export default async function CirclePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const circleId = rowIdOf(query.circle) ?? undefined;
  const sort: CircleSort = CIRCLE_SORTS.includes(query.sort as CircleSort)
    ? (query.sort as CircleSort)
    : 'day';
  const page = positive(query.page, 1000) ?? 1;
  // The next page's link carries the last post it followed (keyset paging of the newest, issue #45).
  const cursor = page > 1 ? (rowIdOf(query.cursor) ?? undefined) : undefined;
  const db = getDb();
  const viewer = await currentUser();
  const viewerRef = viewer ? { id: viewer.id, role: viewer.role } : null;
  const [t, name, circles, list, own, review, messages] = await Promise.all([
    getTranslations('circle'),
    productName(locale),
    listCircles(db, locale),
    listCirclePosts(
      db,
      { circleId, sort, page, size: CIRCLE_POSTS_PAGE_SIZE, now: new Date(), locale, cursor },
      viewerRef,
    ),
    viewerRef ? listOwnCirclePosts(db, viewerRef, { page: 1, size: 10, locale }) : null,
    reviewRequired(db),
    getMessages(),
  ]);
  const current = circles.find((circle) => circle.id === circleId);
  const pages = Math.max(1, Math.ceil(list.total / CIRCLE_POSTS_PAGE_SIZE));
  const href = (target: { sort?: CircleSort; page?: number; cursor?: number | null }) => {
    const search = new URLSearchParams();
    if (circleId) search.set('circle', String(circleId));
    const targetSort = target.sort ?? sort;
    if (targetSort !== 'day') search.set('sort', targetSort);
    if (target.page && target.page > 1) search.set('page', String(target.page));
    if (target.cursor) search.set('cursor', String(target.cursor));
    const text = search.toString();
    return text ? `/circle?${text}` : '/circle';
  };
  const items: CirclePostItem[] = list.list.map((post) => ({ ...toPostItem(post), circle: post.circle }));
  const clientMessages = { posts: messages.posts, circle: messages.circle };

  return (
    <>
      <div className="mx-auto grid w-full max-w-[1400px] grid-cols-1 gap-5 px-6 py-6 layout:grid-cols-[220px_minmax(0,1fr)_300px]">
        <CircleNav circles={circles} currentId={circleId} />
        <div className="flex min-w-0 flex-col gap-5">
          <section
            aria-labelledby="circle-compose"
            className="rounded-xl border border-line bg-surface px-5 py-4"
          >
            <h2 id="circle-compose" className="mb-3 font-semibold text-ink-900">
              {t('compose')}
            </h2>
            <NextIntlClientProvider locale={locale} messages={clientMessages}>
              <CircleComposer
                circles={circles.map(({ id, name: circleName, kind }) => ({ id, name: circleName, kind }))}
                initialCircleId={circleId ?? null}
                signedIn={!!viewer}
                review={review}
              />
            </NextIntlClientProvider>
          </section>
          <section aria-labelledby="circle-title" className="rounded-xl border border-line bg-surface">
            <header className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-line px-5 py-3">
              <h1 id="circle-title" className="text-lg font-semibold text-ink-900">
                {current ? current.name : t('title')}
              </h1>
              <nav aria-label={t('sorts')} className="flex flex-wrap gap-1.5">
                {CIRCLE_SORTS.map((option) => (
                  <Link
                    key={option}
                    href={href({ sort: option })}
                    aria-current={option === sort ? 'page' : undefined}
                    className={cn(
                      'rounded-full px-3 py-1 text-sm transition-colors',
                      option === sort
                        ? 'bg-brand-500 text-white'
                        : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
                    )}
                    data-testid={`circle-sort-${option}`}
                  >
                    {t(`sort.${option}`)}
                  </Link>
                ))}
              </nav>
              <span className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-xs text-ink-500">
                {items.length ? <ZoneHint /> : null}
                <span className="tabular-nums">{t('total', { count: list.total })}</span>
              </span>
            </header>
            {items.length ? (
              <NextIntlClientProvider locale={locale} messages={clientMessages}>
                <div className="divide-y divide-line" data-testid="circle-posts">
                  {items.map((post) => (
                    <CirclePostCard key={post.id} post={post} />
                  ))}
                </div>
              </NextIntlClientProvider>
            ) : (
              <div className="p-5">
                <EmptyState
                  icon={MessagesSquare}
                  title={sort === 'new' ? t('empty') : t('emptyHot')}
                  hint={sort === 'new' ? t('emptyHint') : t('emptyHotHint')}
                />
              </div>
            )}
            <Pager
              page={page}
              pages={pages}
              href={(p) => href({ page: p, cursor: p === page + 1 ? list.cursor : undefined })}
              className="border-t border-line"
            />
          </section>
        </div>
        <aside className="flex flex-col gap-5">
          {own ? (
            <NextIntlClientProvider locale={locale} messages={clientMessages}>
              <OwnCirclePosts
                posts={own.list.map((post) => ({ ...toPostItem(post), circle: post.circle }))}
              />
            </NextIntlClientProvider>
          ) : (
            <section className="rounded-xl border border-line bg-surface px-5 py-4">
              <LoginButton
                label={t('loginHint')}
                className="text-left text-sm text-brand-600 hover:underline"
              />
            </section>
          )}
        </aside>
      </div>
      <Footer productName={name} />
    </>
  );
}
