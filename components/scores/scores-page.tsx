// The live-scores screen shared by /football (football, and e-sports with `?sport=esports`) and
// /basketball: sport switch, tabs, day picker, filters, then the list, rendered here from the service
// and handed to the live board once the page is interactive. Tabs, days and filters live in the URL.
import { Settings2 } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import {
  type Board,
  type BoardSport,
  DAY_PATTERN,
  SCORE_TABS,
  type ScoreTab,
  shiftDay,
} from '@/lib/scores/board-schema';
import { scoreBoard } from '@/lib/scores/live-service';
import { getTimeFormat, viewerTimeZone } from '@/lib/time/viewer-zone';
import { dayIn } from '@/lib/time/zone';
import { BoardEmpty } from './board-empty';
import { BoardSwap } from './board-swap';
import { FilterSelect } from './filter-select';
import { ScoreList } from './score-list';
import { DEFAULT_IMMEDIATELY } from './score-settings';
import { SettingsButton } from './settings-button';

export type ScoresSearchParams = {
  tab?: string;
  day?: string;
  competition?: string;
  region?: string;
  sport?: string;
};

/** The page a sport lives on: e-sports shares /football (one scores page, a sport switch on top). */
const PAGE_OF: Record<BoardSport, { path: string; sport?: string }> = {
  football: { path: '/football' },
  basketball: { path: '/basketball' },
  esports: { path: '/football', sport: 'esports' },
};
const SPORT_ORDER: BoardSport[] = ['football', 'basketball', 'esports'];
const DAYS_AROUND = 6;

type Query = { tab: ScoreTab; day?: string; competition?: string; region?: string };

function hrefOf(sport: BoardSport, query: Partial<Query>) {
  const search = new URLSearchParams();
  if (PAGE_OF[sport].sport) search.set('sport', PAGE_OF[sport].sport!);
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return `${PAGE_OF[sport].path}${text ? `?${text}` : ''}`;
}

export async function scoresMetadata(locale: Locale, sport: BoardSport): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'scores.meta' });
  const path = hrefOf(sport, {});
  return {
    title: t(sport),
    description: t(`${sport}Description`),
    alternates: {
      canonical: localizedPath(locale, path),
      languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, path)])),
    },
  };
}

const clean = (value: string | undefined) =>
  value && value.length <= 40 && /^[\w.-]+$/.test(value) ? value : undefined;

export async function ScoresPage({
  locale,
  sport,
  searchParams,
}: {
  locale: Locale;
  sport: BoardSport;
  searchParams: ScoresSearchParams;
}) {
  setRequestLocale(locale);
  const tab = (SCORE_TABS as readonly string[]).includes(searchParams.tab ?? '')
    ? (searchParams.tab as ScoreTab)
    : 'live';
  const [timeZone, times] = await Promise.all([viewerTimeZone(), getTimeFormat()]);
  const [user, t, messages, name] = await Promise.all([
    currentUser(),
    getTranslations('scores'),
    getMessages(),
    productName(locale),
  ]);
  const now = new Date();
  const today = dayIn(now, timeZone);
  const datedTab = tab === 'results' || tab === 'schedule';
  const day = datedTab && searchParams.day && DAY_PATTERN.test(searchParams.day) ? searchParams.day : today;
  const query: Query = {
    tab,
    day: datedTab && day !== today ? day : undefined,
    competition: clean(searchParams.competition),
    region: clean(searchParams.region),
  };
  const board: Board = await scoreBoard(
    getDb(),
    { sport, tab, day, timeZone, competition: query.competition, region: query.region, userId: user?.id },
    locale,
    now,
  );
  const days = Array.from({ length: DAYS_AROUND + 1 }, (_, index) =>
    shiftDay(today, tab === 'results' ? index - DAYS_AROUND : index),
  );
  const dayLabel = (value: string) => {
    const offset = Math.round((Date.parse(value) - Date.parse(today)) / 86_400_000);
    if (offset === 0) return t('days.today');
    if (offset === -1) return t('days.yesterday');
    if (offset === 1) return t('days.tomorrow');
    return times.day(value, 'weekday');
  };
  const filterHrefs = (key: 'competition' | 'region', options: { code: string }[]) =>
    Object.fromEntries(
      ['', ...options.map((option) => option.code)].map((code) => [
        code,
        hrefOf(sport, { ...query, [key]: code || undefined }),
      ]),
    );

  return (
    <>
      <NextIntlClientProvider locale={locale} messages={{ scores: messages.scores }}>
        <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-6 py-5">
          <div className="flex flex-wrap items-center gap-4">
            <h1 className="text-xl font-semibold text-ink-900">{t('heading')}</h1>
            <ZoneHint />
            <nav aria-label={t('sportSwitch')} className="flex rounded-lg bg-surface p-1 shadow-sm">
              {SPORT_ORDER.map((candidate) => (
                <Link
                  key={candidate}
                  href={hrefOf(candidate, { tab: tab === 'favourites' ? 'favourites' : tab })}
                  aria-current={candidate === sport ? 'page' : undefined}
                  className={cn(
                    'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
                    candidate === sport ? 'bg-brand-500 text-white' : 'text-ink-700 hover:text-brand-600',
                  )}
                >
                  {t(`sports.${candidate}`)}
                </Link>
              ))}
            </nav>
            <div className="ml-auto">
              <SettingsButton
                icon={<Settings2 aria-hidden className="size-4" />}
                label={t('settings.button')}
              />
            </div>
          </div>

          <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-line bg-surface px-4 py-2">
            <nav aria-label={t('tabsLabel')} className="flex flex-wrap gap-1">
              {SCORE_TABS.map((candidate) => (
                <Link
                  key={candidate}
                  href={hrefOf(sport, { tab: candidate })}
                  aria-current={candidate === tab ? 'page' : undefined}
                  data-testid={`tab-${candidate}`}
                  className={cn(
                    'relative px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3',
                    candidate === tab
                      ? 'text-brand-600 after:absolute after:inset-x-2 after:-bottom-2 after:h-0.5 after:bg-brand-500 sm:after:inset-x-3'
                      : 'text-ink-700 hover:text-brand-600',
                  )}
                >
                  {t(`tabs.${candidate}`)}
                  {candidate === 'live' && board.liveCount ? (
                    <span
                      data-testid="live-count"
                      className="ml-1 rounded-full bg-live px-1.5 text-[11px] leading-4 font-semibold text-white"
                    >
                      {board.liveCount}
                    </span>
                  ) : null}
                </Link>
              ))}
            </nav>
            <div className="ml-auto flex max-w-full min-w-0 flex-wrap items-center gap-3">
              <FilterSelect
                testId="filter-competition"
                label={t('filters.competition')}
                allLabel={t('filters.allCompetitions')}
                value={query.competition ?? ''}
                options={board.competitions}
                hrefs={filterHrefs('competition', board.competitions)}
              />
              <FilterSelect
                testId="filter-region"
                label={t('filters.region')}
                allLabel={t('filters.allRegions')}
                value={query.region ?? ''}
                options={board.regions}
                hrefs={filterHrefs('region', board.regions)}
              />
            </div>
          </div>

          {datedTab ? (
            <div className="flex flex-wrap items-center gap-2">
              <nav aria-label={t('days.label')} className="flex gap-1">
                {days.map((candidate) => (
                  <Link
                    key={candidate}
                    href={hrefOf(sport, { ...query, day: candidate === today ? undefined : candidate })}
                    aria-current={candidate === day ? 'date' : undefined}
                    className={cn(
                      'flex w-16 flex-col items-center rounded-md border py-1 text-xs leading-4',
                      candidate === day
                        ? 'border-brand-500 bg-brand-500 text-white'
                        : 'border-line bg-surface text-ink-700 hover:border-brand-400',
                    )}
                  >
                    <span className="font-medium">{dayLabel(candidate)}</span>
                    <span className="opacity-80">{times.day(candidate, 'numericMonthDay')}</span>
                  </Link>
                ))}
              </nav>
              {/* Any other date: a plain form, so it works before any script has loaded. */}
              <form
                className="ml-2 flex items-center gap-2"
                action={localizedPath(locale, PAGE_OF[sport].path)}
              >
                {PAGE_OF[sport].sport ? (
                  <input type="hidden" name="sport" value={PAGE_OF[sport].sport} />
                ) : null}
                <input type="hidden" name="tab" value={tab} />
                <label className="flex items-center gap-2 text-sm text-ink-500">
                  {t('days.pick')}
                  <input
                    type="date"
                    name="day"
                    defaultValue={day}
                    required
                    className="h-8 rounded-md border border-line bg-surface px-2 text-sm text-ink-900"
                  />
                </label>
                <button
                  type="submit"
                  className="h-8 rounded-md border border-line bg-surface px-3 text-sm text-ink-700 hover:border-brand-400 hover:text-brand-600"
                >
                  {t('days.go')}
                </button>
              </form>
            </div>
          ) : null}

          <BoardSwap params={{ sport, ...query }} initial={board} signedIn={user !== null}>
            {board.rows.length ? (
              <ScoreList board={board} display={DEFAULT_IMMEDIATELY} times={times.times} />
            ) : (
              <BoardEmpty board={board} times={times.times} />
            )}
          </BoardSwap>
          <p className="text-xs text-ink-500">{t('footnote')}</p>
        </div>
      </NextIntlClientProvider>
      <Footer productName={name} />
    </>
  );
}
