// /search?name=&tab= (spec §2): results for streamers, live rooms, news, teams, matches and any kind a
// domain registers (lib/search), one tab per kind, all server-rendered; the tabs are links.
import { AlertCircle, SearchX, Sparkles } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchBox } from '@/components/search/search-box';
import { searchBoxTexts } from '@/components/search/search-box-texts';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { DomainError } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import { type Locale, localizedPath } from '@/lib/i18n/routing';
import type { SearchHit } from '@/lib/search/registry';
import { searchSources } from '@/lib/search/registry';
import { searchEverything, searchKind } from '@/lib/search/service';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ name?: string | string[]; tab?: string | string[] }>;
};

/** Hits per kind on the "all" tab; a kind's own tab shows up to RESULTS_PER_TAB. */
const PREVIEW_PER_KIND = 6;
const RESULTS_PER_TAB = 30;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const screen = await screenMetadata((await params).locale, 'search', '/search');
  // Result pages are for people, not for search engines' indexes.
  return { ...screen, robots: { index: false, follow: true } };
}

async function run(locale: Locale, name: string, tab: string) {
  const db = getDb();
  const options = { locale, now: new Date() };
  try {
    if (tab === 'all')
      return {
        groups: await searchEverything(db, name, { ...options, limit: PREVIEW_PER_KIND }),
        error: null,
      };
    return {
      groups: [{ kind: tab, hits: await searchKind(db, tab, name, { ...options, limit: RESULTS_PER_TAB }) }],
      error: null,
    };
  } catch (error) {
    if (error instanceof DomainError) return { groups: [], error };
    throw error;
  }
}

export default async function SearchPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const name = first(query.name).trim();
  const kinds = searchSources().map((source) => source.kind);
  const tab = kinds.includes(first(query.tab)) ? first(query.tab) : 'all';
  const [t, tErrors, texts, { groups, error }] = await Promise.all([
    getTranslations('search'),
    getTranslations('errors'),
    searchBoxTexts(),
    name ? run(locale, name, tab) : { groups: [], error: null },
  ]);
  const kindName = (kind: string) => (t.has(`kinds.${kind}` as never) ? t(`kinds.${kind}` as never) : kind);
  const href = (target: string) =>
    `/search?${new URLSearchParams({ name, ...(target === 'all' ? {} : { tab: target }) }).toString()}`;
  const found = groups.filter((group) => group.hits.length > 0);

  return (
    <div className="mx-auto w-full max-w-[1240px] px-6 py-6">
      <section className="rounded-xl border border-line bg-surface">
        <header className="flex flex-col gap-4 border-b border-line px-5 py-4">
          <SearchBox
            action={localizedPath(locale, '/search')}
            texts={texts}
            newTab={false}
            defaultValue={name}
            variant="page"
          />
          <h1 className="text-lg font-semibold text-ink-900" data-testid="search-title">
            {name ? t('resultsFor', { name }) : t('title')}
          </h1>
          {name && !error ? (
            <nav aria-label={t('tabsLabel')} className="flex flex-wrap gap-1.5">
              {['all', ...kinds].map((kind) => (
                <Link
                  key={kind}
                  href={href(kind)}
                  aria-current={kind === tab ? 'page' : undefined}
                  className={cn(
                    'rounded-full px-3 py-1 text-sm transition-colors',
                    kind === tab
                      ? 'bg-brand-500 text-white'
                      : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
                  )}
                >
                  {kindName(kind)}
                </Link>
              ))}
            </nav>
          ) : null}
        </header>
        <div className="p-5">
          {error ? (
            <EmptyState
              icon={AlertCircle}
              title={tErrors(error.code as never, error.options.values as never)}
              hint={t('startHint')}
            />
          ) : !name ? (
            <EmptyState icon={Sparkles} title={t('startTitle')} hint={t('startHint')} />
          ) : found.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={tab === 'all' ? t('emptyTitle', { name }) : t('kindEmpty', { kind: kindName(tab) })}
              hint={t('emptyHint')}
            />
          ) : (
            <div className="flex flex-col gap-6">
              {found.map((group) => (
                <section key={group.kind} aria-labelledby={`kind-${group.kind}`} data-kind={group.kind}>
                  <div className="mb-3 flex items-center justify-between">
                    <h2 id={`kind-${group.kind}`} className="text-base font-semibold text-ink-900">
                      {kindName(group.kind)}
                    </h2>
                    {tab === 'all' && group.hits.length >= PREVIEW_PER_KIND ? (
                      <Link href={href(group.kind)} className="text-sm text-brand-600 hover:underline">
                        {t('more', { kind: kindName(group.kind) })}
                      </Link>
                    ) : null}
                  </div>
                  <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                    {group.hits.map((hit) => (
                      <li key={hit.id}>
                        <HitCard hit={hit} liveLabel={t('live')} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

async function HitCard({ hit, liveLabel }: { hit: SearchHit; liveLabel: string }) {
  const initial = Array.from(hit.title)[0] ?? '?';
  return (
    <Link
      href={hit.href}
      className="flex h-full items-center gap-3 rounded-lg border border-line p-3 transition-colors hover:border-brand-400 hover:bg-brand-50/40"
    >
      {hit.shape === 'avatar' ? (
        hit.image ? (
          <img
            src={hit.image}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full bg-canvas"
          />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-canvas text-lg font-semibold text-ink-500">
            {initial}
          </span>
        )
      ) : hit.image ? (
        <img
          src={hit.image}
          alt=""
          width={96}
          height={54}
          className="h-[54px] w-24 shrink-0 rounded-md bg-canvas object-cover"
        />
      ) : (
        <span className="flex h-[54px] w-24 shrink-0 items-center justify-center rounded-md bg-canvas text-lg font-semibold text-ink-500">
          {initial}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium text-ink-900" title={hit.title}>
            {hit.title}
          </span>
          {hit.live ? (
            <span className="shrink-0 rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-medium leading-none text-white">
              {liveLabel}
            </span>
          ) : null}
        </span>
        {hit.subtitle ? (
          <span className="mt-0.5 block truncate text-sm text-ink-500" title={hit.subtitle}>
            {hit.subtitle}
          </span>
        ) : null}
        {hit.time ? (
          <span className="mt-0.5 block text-xs text-ink-500 tabular-nums">
            <LocalTime at={hit.time} style="dateTime" />
          </span>
        ) : null}
      </span>
    </Link>
  );
}
