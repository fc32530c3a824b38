// /video-list (spec §2 videos): popular or newest videos of a category group, the group's categories
// (each opens /video-classify), and the rankings by viewers of the day, week, month or all time.
// Server-rendered: search engines and readers get the lists in the first response.
import { Film, FolderTree, Trophy } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { VideoGrid, VideoRow } from '@/components/videos/video-card';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { categoryScope, listAllGroups } from '@/lib/videos/categories';
import { classifyHref } from '@/lib/videos/links';
import { listVideos, RANK_WINDOWS, type RankWindow, rankVideos } from '@/lib/videos/service';

const PAGE_SIZE = 24;

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ classify?: string; sort?: string; rank?: string; page?: string }>;
};

const positive = (value: string | undefined, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'videos' });
  return { ...(await screenMetadata(locale, 'videoList', '/video-list')), description: t('description') };
}

export default async function VideoListPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const db = getDb();
  const groups = await listAllGroups(db, locale);
  const group = groups.find((item) => item.id === positive(query.classify, 1_000_000));
  const sort = query.sort === 'new' ? 'new' : 'hot';
  const rank: RankWindow = RANK_WINDOWS.includes(query.rank as RankWindow)
    ? (query.rank as RankWindow)
    : 'week';
  const page = positive(query.page, 1000) ?? 1;
  const now = new Date();
  const [t, name, list, ranking] = await Promise.all([
    getTranslations('videos'),
    productName(locale),
    listVideos(db, locale, {
      sort,
      categoryIds: group ? await categoryScope(db, group.id) : undefined,
      page,
      size: PAGE_SIZE,
    }),
    rankVideos(db, locale, { window: rank, limit: 10, now }),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const href = (change: { classify?: number | null; sort?: string; rank?: string; page?: number }) => {
    const search = new URLSearchParams();
    const classify = change.classify === undefined ? group?.id : change.classify;
    if (classify) search.set('classify', String(classify));
    const nextSort = change.sort ?? sort;
    if (nextSort !== 'hot') search.set('sort', nextSort);
    const nextRank = change.rank ?? rank;
    if (nextRank !== 'week') search.set('rank', nextRank);
    if (change.page && change.page > 1) search.set('page', String(change.page));
    const text = search.toString();
    return text ? `/video-list?${text}` : '/video-list';
  };
  const tab = (active: boolean) =>
    cn(
      'rounded-full px-3 py-1 text-sm transition-colors',
      active ? 'bg-brand-500 text-white' : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
    );

  return (
    <>
      <div className="mx-auto grid w-full max-w-[1400px] grid-cols-1 gap-5 px-6 py-6 layout:grid-cols-[minmax(0,1fr)_320px]">
        <section aria-labelledby="videos-title" className="min-w-0 rounded-xl border border-line bg-surface">
          <header className="flex flex-wrap items-center gap-x-5 gap-y-2 border-b border-line px-5 py-3">
            <h1 id="videos-title" className="text-lg font-semibold text-ink-900">
              {t('title')}
            </h1>
            <nav aria-label={t('groups')} className="flex flex-wrap gap-1.5" data-testid="video-groups">
              <Link
                href={href({ classify: null, page: 1 })}
                aria-current={group ? undefined : 'page'}
                className={tab(!group)}
              >
                {t('all')}
              </Link>
              {groups.map((item) => (
                <Link
                  key={item.id}
                  href={href({ classify: item.id, page: 1 })}
                  aria-current={item.id === group?.id ? 'page' : undefined}
                  className={tab(item.id === group?.id)}
                >
                  {item.name}
                </Link>
              ))}
            </nav>
            <nav
              aria-label={t('sortLabel')}
              className="ml-auto flex gap-1 rounded-lg bg-canvas p-0.5 text-sm"
            >
              {(['hot', 'new'] as const).map((value) => (
                <Link
                  key={value}
                  href={href({ sort: value, page: 1 })}
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
          {group?.children.length ? (
            <nav
              aria-label={t('categoriesOf', { group: group.name })}
              className="flex flex-wrap gap-2 border-b border-line px-5 py-2.5"
            >
              {group.children.map((child) => (
                <Link
                  key={child.id}
                  href={classifyHref(child)}
                  className="rounded-md border border-line px-2.5 py-1 text-xs text-ink-700 hover:border-brand-300 hover:text-brand-600"
                >
                  {child.name}
                </Link>
              ))}
            </nav>
          ) : null}
          <div className="p-5">
            {list.list.length ? (
              <VideoGrid videos={list.list} />
            ) : (
              <EmptyState icon={Film} title={t('empty')} hint={t('emptyHint')} />
            )}
          </div>
          <Pager page={page} pages={pages} href={(p) => href({ page: p })} className="border-t border-line" />
        </section>

        <aside className="flex flex-col gap-5">
          <section
            aria-labelledby="video-rank-title"
            className="rounded-xl border border-line bg-surface"
            data-testid="video-rank"
          >
            <header className="flex min-h-12 flex-wrap items-center gap-x-2 gap-y-1 border-b border-line px-4 py-2">
              <Trophy aria-hidden className="size-[18px] shrink-0 text-brand-500" strokeWidth={1.8} />
              <h2 id="video-rank-title" className="font-semibold text-ink-900">
                {t('rankTitle')}
              </h2>
              <nav aria-label={t('rankWindows')} className="ml-auto flex gap-0.5 text-xs">
                {RANK_WINDOWS.map((value) => (
                  <Link
                    key={value}
                    href={href({ rank: value })}
                    aria-current={rank === value ? 'page' : undefined}
                    scroll={false}
                    className={cn(
                      'rounded px-1.5 py-0.5',
                      rank === value
                        ? 'bg-brand-50 font-medium text-brand-600'
                        : 'text-ink-500 hover:text-ink-900',
                    )}
                  >
                    {t(`rank.${value}`)}
                  </Link>
                ))}
              </nav>
            </header>
            {ranking.length ? (
              <ol className="flex flex-col p-2">
                {ranking.map((video) => (
                  <li key={video.id}>
                    <VideoRow video={{ ...video, views: video.window_views }} rank={video.rank} />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="px-4 py-8 text-center text-sm text-ink-500">{t('rankEmpty')}</p>
            )}
          </section>
          <section
            aria-labelledby="video-categories-title"
            className="rounded-xl border border-line bg-surface"
          >
            <header className="flex h-12 items-center gap-2 border-b border-line px-4">
              <FolderTree aria-hidden className="size-[18px] text-brand-500" strokeWidth={1.8} />
              <h2 id="video-categories-title" className="font-semibold text-ink-900">
                {t('allCategories')}
              </h2>
            </header>
            <div className="space-y-3 p-4">
              {groups.map((item) => (
                <div key={item.id}>
                  <p className="mb-1.5 text-xs font-medium text-ink-500">{item.name}</p>
                  <div className="flex flex-wrap gap-1.5">
                    {item.children.map((child) => (
                      <Link
                        key={child.id}
                        href={classifyHref(child)}
                        className="rounded bg-canvas px-2 py-0.5 text-xs text-ink-700 hover:text-brand-600"
                      >
                        {child.name}
                      </Link>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </section>
        </aside>
      </div>
      <Footer productName={name} />
    </>
  );
}
