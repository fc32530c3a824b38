// /video-classify?type=3&id=&name= (spec §2): one category's (or group's) videos, newest or popular, under
// the collapsible side menu of the reader's own categories, the recommended ones and every group. The
// category comes from `id`; `name` is only the spec's readable part of the address.
import { Film, FolderTree } from 'lucide-react';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { SIDEBAR_COOKIE } from '@/components/layout/nav-items';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { VideoGrid } from '@/components/videos/video-card';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import { alternatesOf, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { categoryScope, listAllGroups, listRecommended } from '@/lib/videos/categories';
import { classifyHref } from '@/lib/videos/links';
import { listVideos, myCategories } from '@/lib/videos/service';
import { ClassifyMenu } from './classify-menu';
import { MyCategoriesProvider } from './my-categories';
import { MyCategoryToggle } from './my-category-toggle';

const PAGE_SIZE = 24;

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ id?: string; sort?: string; page?: string }>;
};

const positive = (value: string | undefined, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

async function chosenCategory(locale: Locale, rawId: string | undefined) {
  const groups = await listAllGroups(getDb(), locale);
  const id = rowIdOf(rawId) ?? undefined;
  const all = groups.flatMap((group) => [group, ...group.children]);
  return { groups, category: all.find((item) => item.id === id) ?? null };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { category } = await chosenCategory(locale, (await searchParams).id);
  const screen = await screenMetadata(
    locale,
    'videoClassify',
    category ? classifyHref(category) : '/video-classify',
  );
  if (!category) return screen;
  const t = await getTranslations({ locale, namespace: 'videos' });
  return {
    ...screen,
    title: t('categoryTitle', { name: category.name }),
    alternates: alternatesOf(locale, `/video-classify?type=3&id=${category.id}`),
  };
}

export default async function VideoClassifyPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const db = getDb();
  const [{ groups, category }, recommended, viewer, t, messages, jar] = await Promise.all([
    chosenCategory(locale, query.id),
    listRecommended(db, locale),
    currentUser(),
    getTranslations('videos'),
    getMessages(),
    cookies(),
  ]);
  const sort = query.sort === 'hot' ? 'hot' : 'new';
  const page = positive(query.page, 1000) ?? 1;
  const [list, mine] = await Promise.all([
    listVideos(db, locale, {
      sort,
      categoryIds: category ? await categoryScope(db, category.id) : undefined,
      page,
      size: PAGE_SIZE,
    }),
    viewer ? myCategories(db, viewer.id, locale) : Promise.resolve([]),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const href = (change: { sort?: string; page?: number }) => {
    const base = category ? classifyHref(category) : '/video-classify?type=3';
    const search = new URLSearchParams();
    const nextSort = change.sort ?? sort;
    if (nextSort !== 'new') search.set('sort', nextSort);
    if (change.page && change.page > 1) search.set('page', String(change.page));
    const text = search.toString();
    return text ? `${base}&${text}` : base;
  };
  const title = category?.name ?? t('allVideos');

  return (
    <NextIntlClientProvider locale={locale} messages={{ videos: messages.videos }}>
      <MyCategoriesProvider initial={mine.map(({ id, name }) => ({ id, name }))} signedIn={!!viewer}>
        <div className="flex flex-col md:flex-row">
          <ClassifyMenu
            groups={groups.map((group) => ({
              id: group.id,
              name: group.name,
              children: group.children.map(({ id, name }) => ({ id, name })),
            }))}
            recommended={recommended.map(({ id, name }) => ({ id, name }))}
            current={category?.id ?? null}
            initialCollapsed={jar.get(SIDEBAR_COOKIE)?.value === '1'}
          />
          <section aria-labelledby="classify-title" className="min-w-0 flex-1 px-3 py-4 sm:px-6 sm:py-5">
            <header className="mb-4 flex flex-wrap items-center gap-3">
              <FolderTree aria-hidden className="size-5 text-brand-500" strokeWidth={1.8} />
              <h1
                id="classify-title"
                className="text-lg font-semibold text-ink-900"
                data-testid="classify-title"
              >
                {title}
              </h1>
              <span className="text-xs text-ink-500 tabular-nums">{t('total', { count: list.total })}</span>
              {category ? <MyCategoryToggle category={{ id: category.id, name: category.name }} /> : null}
              <nav
                aria-label={t('sortLabel')}
                className="ml-auto flex gap-1 rounded-lg bg-canvas p-0.5 text-sm"
              >
                {(['new', 'hot'] as const).map((value) => (
                  <Link
                    key={value}
                    href={href({ sort: value })}
                    aria-current={sort === value ? 'page' : undefined}
                    className={cn(
                      'rounded-md px-3 py-1',
                      sort === value
                        ? 'bg-surface font-medium text-brand-600 shadow-sm'
                        : 'text-ink-500 hover:text-ink-900',
                    )}
                  >
                    {value === 'hot' ? t('hot') : t('newest')}
                  </Link>
                ))}
              </nav>
            </header>
            <div className="rounded-xl border border-line bg-surface p-3 sm:p-5">
              {list.list.length ? (
                <VideoGrid videos={list.list} />
              ) : (
                <EmptyState
                  icon={Film}
                  title={t('categoryEmpty')}
                  hint={t('categoryEmptyHint')}
                  action={
                    <Link href="/video-list" className="text-sm text-brand-600 hover:underline">
                      {t('browseAll')}
                    </Link>
                  }
                />
              )}
            </div>
            <Pager page={page} pages={pages} href={(p) => href({ page: p })} />
          </section>
        </div>
      </MyCategoriesProvider>
    </NextIntlClientProvider>
  );
}
