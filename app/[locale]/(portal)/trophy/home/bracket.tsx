import { getTranslations } from 'next-intl/server';
import { Crest } from '@/components/database/crest';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import { type buildBracket, type PresentedMatch, winnerOf } from '@/lib/scores/database-service';
import { roundName } from '@/lib/scores/round-name';

type Bracket = ReturnType<typeof buildBracket>;

function Side({
  team,
  score,
  penalties,
  won,
}: {
  team: PresentedMatch['homeTeam'];
  score: number | null;
  penalties: number | null;
  won: boolean;
}) {
  return (
    <div
      className={cn(
        'flex items-center gap-1.5 px-2 py-1',
        won ? 'font-semibold text-ink-900' : 'text-ink-700',
      )}
    >
      <Crest name={team.name} colors={team.crestColors} />
      <span className="min-w-0 flex-1 truncate" title={team.name}>
        {team.name}
      </span>
      <span className="tabular-nums">
        {score}
        {penalties !== null ? (
          <span className="ml-1 text-[11px] font-normal text-ink-500">({penalties})</span>
        ) : null}
      </span>
    </div>
  );
}

function BracketMatch({ match }: { match: PresentedMatch | null }) {
  if (!match) return <div className="h-[58px] rounded-md border border-dashed border-line" />;
  const winner = winnerOf(match);
  return (
    <div className="rounded-md border border-line bg-surface text-xs shadow-sm" data-testid="bracket-match">
      <Side
        team={match.homeTeam}
        score={match.homeScore}
        penalties={match.homePenalties}
        won={winner === match.homeTeamId}
      />
      <div className="border-t border-line" />
      <Side
        team={match.awayTeam}
        score={match.awayScore}
        penalties={match.awayPenalties}
        won={winner === match.awayTeamId}
      />
    </div>
  );
}

/** The knockout tree, one column per round; each match sits level with the two it came from. */
export async function KnockoutBracket({ bracket }: { bracket: Bracket }) {
  const t = await getTranslations('database');
  const tw = await getTranslations('worldCup');
  if (!bracket.columns.length || !bracket.columns.at(-1)!.matches.length) {
    return <p className="px-3 py-6 text-center text-sm text-ink-500">{tw('bracketEmpty')}</p>;
  }
  return (
    <div className="overflow-x-auto p-3">
      <div className="flex min-w-max gap-3">
        {bracket.columns.map((column) => (
          <div key={column.round} className="flex w-48 flex-col">
            <h3 className="mb-2 text-center text-xs font-semibold text-ink-500">
              {roundName(column.round, t)}
            </h3>
            <ol className="flex flex-1 flex-col justify-around gap-2">
              {column.matches.map((match, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a bracket slot is its position
                <li key={index}>
                  <BracketMatch match={match} />
                </li>
              ))}
            </ol>
          </div>
        ))}
        {bracket.thirdPlace ? (
          <div className="flex w-48 flex-col justify-end">
            <h3 className="mb-2 text-center text-xs font-semibold text-ink-500">
              {roundName(bracket.thirdPlace.round, t)}
            </h3>
            <BracketMatch match={bracket.thirdPlace} />
            <p className="mt-1 text-center text-[11px] text-ink-500">
              <LocalTime at={bracket.thirdPlace.kickoffAt} style="date" />
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
