// The goal pop-up of spec §2 on every page: on a `goal` push it shows the minute, both teams and the
// score (the scoring side stands out), closes by hand or after a while, and plays the goal chime for
// 6 s when the voice switch is on. With voice1 on, only the reader's favourite matches alert.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import type { goalEventSchema } from '@/lib/realtime/events';
import type { Board } from '@/lib/scores/board-schema';
import { announceHeldGoal, createHoldQueue, spoilerDelayMs } from '@/lib/scores/spoiler-hold';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';
import { loadScoreSettings, scoreSettingsAtom } from './score-settings';

type Goal = z.infer<typeof goalEventSchema> & { key: number };

/** Spec §9: the goal sound plays for 6 s. */
export const GOAL_SOUND_MS = 6_000;
const GOAL_SOUND_URL = '/sounds/goal.wav';
const SHOW_MS = 10_000;
const MAX_SHOWN = 3;

function playGoalSound() {
  const audio = new Audio(GOAL_SOUND_URL);
  audio.loop = true;
  audio.dataset.goalSound = 'playing';
  // Browsers refuse sound before the reader has interacted with the page; the pop-up still shows.
  audio.play().catch(() => undefined);
  window.setTimeout(() => {
    audio.pause();
    audio.dataset.goalSound = 'stopped';
  }, GOAL_SOUND_MS);
  return audio;
}

export function GoalPopup({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations('goalPopup');
  const settings = useAtomValue(scoreSettingsAtom, { store: appStore });
  const queryClient = useQueryClient();
  const [goals, setGoals] = useState<Goal[]>([]);
  const counter = useRef(0);
  const favouritesOnly = settings.game.voice1 && signedIn;
  const { data: favourites } = useQuery({
    queryKey: queryKeys.favouriteMatches,
    queryFn: async () => {
      const board = await api.post<Board>(
        'api/hot_match/all_match',
        { sport: 'football', tab: 'favourites' },
        { silent: true },
      );
      return board.rows.map((row) => row.id);
    },
    enabled: favouritesOnly,
    staleTime: 60_000,
  });
  const latest = useRef({ favouritesOnly, favourites, voice: settings.game.voice });
  latest.current = { favouritesOnly, favourites, voice: settings.game.voice };

  const show = useCallback(
    (data: z.infer<typeof goalEventSchema>) => {
      counter.current += 1;
      // The push names teams in Chinese; a scores list already open knows them in the reader's language.
      const row = queryClient
        .getQueriesData<Board>({ queryKey: ['scores', 'board'] })
        .flatMap(([, board]) => board?.rows ?? [])
        .find((candidate) => candidate.id === data.match_id);
      const goal = {
        ...data,
        home_team_name_zh: row?.home.name ?? data.home_team_name_zh,
        away_team_name_zh: row?.away.name ?? data.away_team_name_zh,
        key: counter.current,
      };
      setGoals((shown) => [...shown, goal].slice(-MAX_SHOWN));
      window.setTimeout(() => setGoals((shown) => shown.filter((item) => item.key !== goal.key)), SHOW_MS);
      if (latest.current.voice) playGoalSound();
    },
    [queryClient],
  );
  const showRef = useRef(show);
  showRef.current = show;
  const [held] = useState(() =>
    createHoldQueue<z.infer<typeof goalEventSchema>>((data) => {
      showRef.current(data);
      announceHeldGoal(data);
    }),
  );
  useEffect(() => () => held.clear(), [held]);

  useEffect(() => {
    loadScoreSettings();
    let last = appStore.get(realtimeMessagesAtom).goal;
    return appStore.sub(realtimeMessagesAtom, () => {
      const message = appStore.get(realtimeMessagesAtom).goal;
      if (!message || message === last || message.type !== 'goal') return;
      last = message;
      const now = latest.current;
      if (now.favouritesOnly && !now.favourites?.includes(message.data.match_id)) return;
      const delay = spoilerDelayMs(message.data.match_id);
      // No spoilers: in a room showing this match, the goal waits until the viewer's video shows it.
      if (delay > 0) held.hold(message.data, delay);
      else {
        show(message.data);
        announceHeldGoal(message.data);
      }
    });
  }, [held, show]);

  if (!goals.length) return null;
  return (
    <div className="pointer-events-none fixed right-5 bottom-5 z-50 flex w-80 flex-col gap-2">
      {goals.map((goal) => {
        const homeScored = goal.iszhu === 1;
        return (
          <div
            key={goal.key}
            role="status"
            data-testid="goal-popup"
            className="pointer-events-auto overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
          >
            <div className="flex items-center gap-2 bg-night px-3 py-1.5 text-sm text-white">
              <span className="font-semibold text-brand-400">{t('title')}</span>
              <span className="tabular-nums">{goal.match_str}</span>
              {goal.source === 'replay' ? (
                <span className="rounded bg-white/15 px-1.5 text-[11px]">{t('replay')}</span>
              ) : null}
              <button
                type="button"
                aria-label={t('close')}
                title={t('close')}
                onClick={() => setGoals((shown) => shown.filter((item) => item.key !== goal.key))}
                className="ml-auto rounded p-0.5 text-white/70 hover:bg-white/10 hover:text-white"
              >
                <X aria-hidden className="size-4" />
              </button>
            </div>
            <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 px-3 py-3 text-sm">
              <span
                className={`truncate text-right ${homeScored ? 'font-semibold text-brand-600' : 'text-ink-700'}`}
                title={goal.home_team_name_zh}
              >
                {goal.home_team_name_zh}
              </span>
              <span
                data-testid="goal-score"
                className="whitespace-nowrap text-lg font-bold tabular-nums text-ink-900"
              >
                {goal.home_score} - {goal.away_score}
              </span>
              <span
                className={`truncate ${homeScored ? 'text-ink-700' : 'font-semibold text-brand-600'}`}
                title={goal.away_team_name_zh}
              >
                {goal.away_team_name_zh}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
