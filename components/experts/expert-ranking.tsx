// Experts ranked by the Wilson lower bound of their hit rate over a window (server markup), with window
// tabs as links (the window lives in the URL). Nobody with fewer than 5 graded plans in the window.
import { Trophy } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import type { Record_ } from '@/lib/experts/stats';
import { STAT_WINDOWS, type StatWindow } from '@/lib/experts/stats';
import { Link } from '@/lib/i18n/navigation';

export type RankedExpert = {
  expertId: number;
  record: Record_;
  expert: { id: number; nickname: string; avatar: string };
};

export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
export const points = (value: number) => (value > 0 ? `+${value}` : String(value));

export async function ExpertRanking({
  rows,
  window,
  hrefOf,
}: {
  rows: RankedExpert[];
  window: StatWindow;
  hrefOf: (window: StatWindow) => string;
}) {
  const t = await getTranslations('experts');
  return (
    <section
      className="rounded-xl border border-line bg-surface"
      aria-labelledby="expert-ranking"
      data-testid="expert-ranking"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
        <h2 id="expert-ranking" className="font-semibold text-ink-900">
          {t('ranking.title')}
        </h2>
        <nav className="ml-auto flex gap-1" aria-label={t('ranking.windows')}>
          {STAT_WINDOWS.map((option) => (
            <Link
              key={option}
              href={hrefOf(option)}
              scroll={false}
              aria-current={option === window ? 'page' : undefined}
              className={cn(
                'rounded px-2 py-1 text-xs',
                option === window ? 'bg-brand-500 text-white' : 'text-ink-500 hover:text-brand-600',
              )}
            >
              {t(`windows.${option}`)}
            </Link>
          ))}
        </nav>
      </header>
      {rows.length ? (
        <ol className="divide-y divide-line">
          {rows.map((row, index) => (
            <li
              key={row.expertId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5"
              data-testid="ranking-row"
            >
              <span className="w-6 shrink-0 text-center font-semibold tabular-nums text-ink-500">
                {index + 1}
              </span>
              <img
                src={row.expert.avatar}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0 rounded-full bg-canvas"
              />
              <Link
                href={`/specialist-info?id=${row.expertId}`}
                className="min-w-0 flex-1 truncate font-medium text-ink-900 hover:text-brand-600"
                title={row.expert.nickname}
              >
                {row.expert.nickname}
              </Link>
              <dl className="grid shrink-0 grid-cols-3 gap-x-4 text-right text-xs whitespace-nowrap max-sm:basis-full max-sm:pl-[4.25rem] max-sm:text-left">
                <dt className="sr-only">{t('stats.hitRate')}</dt>
                <dd className="font-semibold tabular-nums text-live" title={t('stats.hitRate')}>
                  {percent(row.record.hitRate)}
                </dd>
                <dt className="sr-only">{t('stats.streak')}</dt>
                <dd className="tabular-nums text-ink-700" title={t('stats.streak')}>
                  {t('stats.streakValue', { count: row.record.streak })}
                </dd>
                <dt className="sr-only">{t('stats.sample')}</dt>
                <dd className="tabular-nums text-ink-500" title={t('stats.sample')}>
                  {t('stats.sampleValue', { count: row.record.graded })}
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      ) : (
        <div className="p-4">
          <EmptyState icon={Trophy} title={t('ranking.empty')} hint={t('ranking.emptyHint')} />
        </div>
      )}
      <p className="border-t border-line px-4 py-2 text-xs text-ink-500">{t('ranking.method')}</p>
    </section>
  );
}
