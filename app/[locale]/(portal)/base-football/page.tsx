// /base-football, the football database (spec §2): competitions by country or region on the left;
// the chosen competition's table, rounds and scorers, or a team's page (`?team=`). All state is in the
// URL and everything renders on the server.
import { setRequestLocale } from 'next-intl/server';
import { CompetitionNav } from '@/components/database/competition-nav';
import { namespacedMetadata } from '@/components/database/metadata';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { competitionDirectory } from '@/lib/scores/database-service';
import { CompetitionView } from './competition-view';
import { TeamView } from './team-view';

type Search = { competition?: string; season?: string; round?: string; team?: string; form?: string };
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props) {
  return namespacedMetadata((await params).locale, 'database', 'footballTitle', '/base-football');
}

const DEFAULT_COMPETITION = 'en.1';

export default async function BaseFootballPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const db = getDb();
  const directory = await competitionDirectory(db, 'football', locale);
  const teamId = Number(search.team);
  const showTeam = Number.isInteger(teamId) && teamId > 0;
  const competition = search.competition?.slice(0, 40) || DEFAULT_COMPETITION;
  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-4 px-3 py-4 sm:px-4 sm:py-5 md:flex-row md:items-start">
      <CompetitionNav
        directory={directory}
        basePath="/base-football"
        current={showTeam ? null : competition}
      />
      <div className="min-w-0 flex-1">
        {showTeam ? (
          <TeamView teamId={teamId} form={Number(search.form)} locale={locale} />
        ) : (
          <CompetitionView
            code={competition}
            seasonKey={search.season?.slice(0, 10)}
            round={search.round?.slice(0, 60)}
            directory={directory}
            locale={locale}
          />
        )}
      </div>
    </div>
  );
}
