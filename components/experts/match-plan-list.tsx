// Upcoming matches open to plans, with how many plans each has (server markup).
import { CalendarClock } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';

export type MatchWithCount = {
  id: number;
  kickoffAt: Date;
  competitionName: string;
  homeTeam: { name: string };
  awayTeam: { name: string };
  plans: number;
};

export async function MatchPlanList({ matches }: { matches: MatchWithCount[] }) {
  const t = await getTranslations('experts');
  return (
    <section
      className="rounded-xl border border-line bg-surface"
      aria-labelledby="plan-matches"
      data-testid="plan-matches"
    >
      <h2
        id="plan-matches"
        className="flex flex-wrap items-center gap-x-3 border-b border-line px-4 py-3 font-semibold text-ink-900"
      >
        {t('matches.title')}
        <ZoneHint className="font-normal" />
      </h2>
      {matches.length ? (
        <ul className="divide-y divide-line">
          {matches.map((match) => (
            <li key={match.id} className="flex items-center gap-3 px-4 py-2 text-sm">
              <LocalTime
                at={match.kickoffAt}
                style="kickoff"
                className="w-24 shrink-0 text-xs tabular-nums text-ink-500"
              />
              <span
                className="min-w-0 flex-1 truncate text-ink-900"
                title={`${t('versus', { home: match.homeTeam.name, away: match.awayTeam.name })} · ${match.competitionName}`}
              >
                {t('versus', { home: match.homeTeam.name, away: match.awayTeam.name })}
                <span className="ml-2 text-xs text-ink-500">{match.competitionName}</span>
              </span>
              <span className="shrink-0 text-xs tabular-nums text-brand-600">
                {t('matches.plans', { count: match.plans })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="p-4">
          <EmptyState icon={CalendarClock} title={t('matches.empty')} hint={t('matches.emptyHint')} />
        </div>
      )}
    </section>
  );
}
