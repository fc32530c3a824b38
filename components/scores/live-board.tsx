// The interactive scores list, loaded after the page is interactive: it takes over the server-rendered
// list, keeps it live from code-100 pushes (patched into the TanStack Query cache, refetched from
// `api/hot_match/all_match` when a push cannot be applied), stars favourites, expands rows, and
// raises the card alerts the settings ask for.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useTimeFormat } from '@/components/ui/time-view';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { matchUpdatesSchema } from '@/lib/realtime/events';
import type { Board, ScoreRow } from '@/lib/scores/board-schema';
import { appStore, openLoginDialog, sportsPushAtom } from '@/lib/store/atoms';
import { BoardEmpty } from './board-empty';
import { newCards, patchBoard, scoredIds } from './board-patch';
import { MatchPanel } from './match-panel';
import { ScoreList } from './score-list';
import { loadScoreSettings, scoreSettingsAtom } from './score-settings';

export type BoardParams = {
  sport: Board['sport'];
  tab: Board['tab'];
  day?: string;
  competition?: string;
  region?: string;
};

/** Cards and odds are not in the pushes: the board is read again this long after the last one. */
const REFRESH_AFTER_PUSH_MS = 2_000;
const FLASH_MS = 4_000;

export function boardQueryKey(params: BoardParams, timeZone: string) {
  return queryKeys.scoreBoard({ ...params, timeZone });
}

function fetchBoard(params: BoardParams, timeZone: string) {
  return api.post<Board>('api/hot_match/all_match', {
    sport: params.sport,
    tab: params.tab,
    day: params.day,
    competition: params.competition,
    region: params.region,
    time_zone: timeZone,
  });
}

export default function LiveBoard({
  params,
  initial,
  signedIn,
}: {
  params: BoardParams;
  initial: Board;
  signedIn: boolean;
}) {
  const t = useTranslations('scores');
  const queryClient = useQueryClient();
  const { times } = useTimeFormat();
  const settings = useAtomValue(scoreSettingsAtom, { store: appStore });
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [flashIds, setFlashIds] = useState<number[]>([]);
  const key = boardQueryKey(params, initial.timeZone);
  const { data: board = initial } = useQuery({
    queryKey: key,
    queryFn: () => fetchBoard(params, initial.timeZone),
    initialData: initial,
    staleTime: 15_000,
  });

  useEffect(() => {
    loadScoreSettings();
  }, []);

  // Pushes of this sport patch every cached board of the sport; a refetch follows for cards and odds.
  useEffect(() => {
    let last = appStore.get(sportsPushAtom)[params.sport];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = appStore.sub(sportsPushAtom, () => {
      const data = appStore.get(sportsPushAtom)[params.sport];
      if (data === last) return;
      last = data;
      const updates = matchUpdatesSchema.safeParse(data);
      if (!updates.success) return;
      let refetch = false;
      let touched = false;
      for (const [cachedKey, cached] of queryClient.getQueriesData<Board>({
        queryKey: queryKeys.scoreBoardsOf(params.sport),
      })) {
        if (!cached) continue;
        const patched = patchBoard(cached, updates.data);
        refetch ||= patched.refetch;
        touched ||= patched.changed;
        if (patched.changed) queryClient.setQueryData(cachedKey, patched.board);
      }
      if (refetch) queryClient.invalidateQueries({ queryKey: queryKeys.scoreBoardsOf(params.sport) });
      else if (touched) {
        clearTimeout(timer);
        timer = setTimeout(
          () => queryClient.invalidateQueries({ queryKey: queryKeys.scoreBoardsOf(params.sport) }),
          REFRESH_AFTER_PUSH_MS,
        );
      }
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [params.sport, queryClient]);

  // Goals flash their row; new cards raise the alerts the reader switched on.
  const previous = useRef<Board | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = board;
    if (!before || before.tab !== board.tab) return;
    const scored = scoredIds(before, board);
    if (scored.length) {
      setFlashIds((ids) => [...ids, ...scored]);
      setTimeout(() => setFlashIds((ids) => ids.filter((id) => !scored.includes(id))), FLASH_MS);
    }
    const { game } = appStore.get(scoreSettingsAtom);
    const alerts = newCards(before, board).filter(
      (card) => game[card.kind] && (!game.voice1 || card.row.favourite),
    );
    if (alerts.length) {
      import('sonner').then(({ toast }) => {
        for (const card of alerts)
          toast(t(card.kind === 'red' ? 'alerts.red' : 'alerts.yellow'), {
            description: t('alerts.match', {
              team: card.side === 'home' ? card.row.home.name : card.row.away.name,
              home: card.row.home.name,
              away: card.row.away.name,
            }),
          });
      });
    }
  }, [board, t]);

  const toggleFavourite = async (row: ScoreRow) => {
    if (!signedIn) {
      openLoginDialog();
      return;
    }
    const path = row.sport === 'basketball' ? 'api/Basketballuser/collect' : 'api/Footballuser/collect';
    const flip = (collected: boolean) => (cached: Board | undefined) =>
      cached && {
        ...cached,
        rows: cached.rows
          .map((candidate) => (candidate.id === row.id ? { ...candidate, favourite: collected } : candidate))
          .filter((candidate) => cached.tab !== 'favourites' || candidate.favourite),
      };
    queryClient.setQueriesData<Board>({ queryKey: queryKeys.scoreBoardsOf(row.sport) }, flip(!row.favourite));
    try {
      const result = await api.post<{ collected: boolean }>(path, { match_id: row.id });
      queryClient.setQueriesData<Board>(
        { queryKey: queryKeys.scoreBoardsOf(row.sport) },
        flip(result.collected),
      );
    } catch {
      queryClient.setQueriesData<Board>(
        { queryKey: queryKeys.scoreBoardsOf(row.sport) },
        flip(row.favourite),
      );
    }
    queryClient.invalidateQueries({ queryKey: queryKeys.scoreBoardsOf(row.sport) });
    queryClient.invalidateQueries({ queryKey: queryKeys.favouriteMatches });
  };

  if (board.signInNeeded || !board.rows.length)
    return (
      <div data-testid="live-board">
        <BoardEmpty board={board} times={times} onSignIn={() => openLoginDialog()} />
      </div>
    );
  return (
    <div data-testid="live-board">
      <ScoreList
        board={board}
        times={times}
        display={settings.immediately}
        expandedId={expandedId}
        flashIds={flashIds}
        onToggle={(row) => setExpandedId((id) => (id === row.id ? null : row.id))}
        onFavourite={toggleFavourite}
        renderPanel={(row) => <MatchPanel row={row} />}
      />
    </div>
  );
}
