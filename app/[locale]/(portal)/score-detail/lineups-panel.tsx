// The lineups tab: the match's lineups when the source has them, else the tournament squads, else
// an honest empty state.
import { Users } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/lib/db';
import { type MatchDetail, matchSquads } from '@/lib/scores/detail-service';

type Player = { key: string; name: string; number: number | null; position: string | null; note?: string };

function PlayerList({ title, players }: { title: string; players: Player[] }) {
  return (
    <div className="rounded-lg border border-line">
      <p className="border-b border-line bg-canvas/60 px-3 py-2 text-sm font-semibold">{title}</p>
      <ul className="divide-y divide-line text-sm">
        {players.map((player) => (
          <li key={player.key} className="grid grid-cols-[36px_1fr_auto] items-center gap-2 px-3 py-1.5">
            <span className="text-center tabular-nums text-ink-500">{player.number ?? ''}</span>
            <span className="truncate" title={player.name}>
              {player.name}
            </span>
            <span className="text-xs text-ink-500">
              {[player.position, player.note].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function LineupsPanel({ detail }: { detail: MatchDetail }) {
  const t = await getTranslations('matchDetail.lineups');
  if (detail.lineups.length) {
    const side = (which: 'home' | 'away', starter: boolean) =>
      detail.lineups
        .filter((row) => row.side === which && row.starter === starter)
        .map((row) => ({
          key: `${row.side}-${row.playerName}`,
          name: row.playerName,
          number: row.number,
          position: row.position,
        }));
    const generated = detail.lineups.some((row) => row.generated);
    return (
      <div className="flex flex-col gap-4" data-testid="lineups">
        {generated ? (
          <p className="rounded-md bg-canvas px-3 py-2 text-xs text-ink-500">{t('generatedNote')}</p>
        ) : null}
        <div className="grid grid-cols-2 gap-4">
          <PlayerList title={`${detail.homeTeam.name} · ${t('starters')}`} players={side('home', true)} />
          <PlayerList title={`${detail.awayTeam.name} · ${t('starters')}`} players={side('away', true)} />
          <PlayerList title={`${detail.homeTeam.name} · ${t('substitutes')}`} players={side('home', false)} />
          <PlayerList title={`${detail.awayTeam.name} · ${t('substitutes')}`} players={side('away', false)} />
        </div>
      </div>
    );
  }
  const squads = await matchSquads(getDb(), detail.seasonId, [detail.homeTeamId, detail.awayTeamId]);
  if (squads.home.length || squads.away.length) {
    const players = (rows: typeof squads.home) =>
      rows.map((row) => ({
        key: String(row.id),
        name: row.name,
        number: row.number,
        position: row.position,
        note: row.club ?? undefined,
      }));
    return (
      <div className="flex flex-col gap-4" data-testid="squads">
        <p className="rounded-md bg-canvas px-3 py-2 text-sm text-ink-700">{t('squadsNote')}</p>
        <div className="grid grid-cols-2 gap-4">
          <PlayerList title={detail.homeTeam.name} players={players(squads.home)} />
          <PlayerList title={detail.awayTeam.name} players={players(squads.away)} />
        </div>
      </div>
    );
  }
  return <EmptyState icon={Users} title={t('emptyTitle')} hint={t('emptyHint')} />;
}
