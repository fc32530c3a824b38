'use client';
// The live room's fun-guess card (趣味竞猜): the room's recent guesses with each option's pool, a stake
// dialog in coins for viewers, the anchor's and administrators' open / lock / settle (after a sheet that
// shows who wins how much: ./settle-dialog.tsx) / call-off controls,
// and each viewer's result (when a settlement pays out and the stakers' dispute of it: ./settlement.tsx).
// Kept current by the room's `guess` pushes (the database stays the truth: a push only refetches).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dices } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { Button } from '@/components/ui/button';
import type { GuessPanelItem } from '@/lib/guess/api';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { balancesChanged } from '@/lib/wallet/queries';
import { OpenGuessDialog } from './open-guess-dialog';
import { SettleDialog } from './settle-dialog';
import { Settlement, VoidReason } from './settlement';
import { StakeDialog } from './stake-dialog';

type Panel = {
  can_manage: boolean;
  room_match_sport: 'football' | 'basketball' | null;
  list: GuessPanelItem[];
};
type Outcome = GuessPanelItem['outcomes'][number];

const PUSH_REFETCH_MS = 2000;

async function fetchPanel(roomId: number, afterPush = false) {
  return api.get<Panel>('api/guess/room', { room_id: roomId }, { afterPush, silent: true });
}

/** Why a guess locked; a score that locks an e-sports series' guess is a map won, not a goal. */
const lockReasonKey = (guess: GuessPanelItem) =>
  guess.lock_reason === 'goal' && guess.outcomes.some((outcome) => outcome.market?.startsWith('esports_'))
    ? 'map'
    : guess.lock_reason!;

/** An option's words: the anchor's label, or a match market's pick with the teams' names. */
function useOutcomeLabel() {
  const t = useTranslations('guess');
  return (outcome: Pick<Outcome, 'label' | 'pick' | 'line'>, match: GuessPanelItem['match']) => {
    if (!outcome.pick) return outcome.label;
    return t(`picks.${outcome.pick as 'home'}`, {
      home: match?.home ?? '',
      away: match?.away ?? '',
      line: String(outcome.line ?? ''),
    });
  };
}

export function GuessPanel({ roomId, viewerId }: { roomId: number; viewerId: number | null }) {
  const t = useTranslations('guess');
  const queryClient = useQueryClient();
  const queryKey = ['guess', 'room', roomId, viewerId] as const;
  // Pushes are lossy (one sent while this page was still joining the room is missed): a slow poll too.
  const panel = useQuery({ queryKey, queryFn: () => fetchPanel(roomId), refetchInterval: 30_000 });
  const push = useRealtime('guess');
  // Every stake is pushed to the whole room: while a guess is open, a viewer reads the pools at most once
  // per PUSH_REFETCH_MS (the last push always leads to a read). Lock, settlement and void read at once.
  const pending = useRef<number | null>(null);
  const lastRead = useRef(0);
  useEffect(() => {
    if (!push || push.room_id !== roomId) return;
    const read = () => {
      pending.current = null;
      lastRead.current = performance.now();
      void queryClient
        .fetchQuery({
          queryKey: ['guess', 'room', roomId, viewerId],
          queryFn: () => fetchPanel(roomId, true),
          staleTime: 0,
        })
        .catch(() => {});
    };
    if (push.data.status !== 'open') {
      // A settlement or a refund moves the viewer's coins.
      balancesChanged(queryClient, undefined, { afterPush: true });
      if (pending.current !== null) window.clearTimeout(pending.current);
      return read();
    }
    const wait = lastRead.current + PUSH_REFETCH_MS - performance.now();
    if (wait <= 0) read();
    else pending.current ??= window.setTimeout(read, wait);
  }, [push, roomId, viewerId, queryClient]);
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const data = panel.data;
  return (
    <SidePanel id="guess-title" title={t('title')} icon={Dices} testId="guess-panel">
      {data?.can_manage ? (
        <div className="border-b border-line px-4 py-2">
          <OpenGuessDialog roomId={roomId} sport={data.room_match_sport} onDone={refresh} />
        </div>
      ) : null}
      {!data ? (
        <div className="h-24" aria-busy />
      ) : data.list.length === 0 ? (
        <SidePanelEmpty
          title={t('emptyTitle')}
          hint={data.can_manage ? t('emptyHintManager') : t('emptyHint')}
        />
      ) : (
        <ul className="divide-y divide-line">
          {data.list.map((guess) => (
            <GuessItem
              key={guess.id}
              guess={guess}
              canManage={data.can_manage}
              viewerId={viewerId}
              onChange={refresh}
            />
          ))}
        </ul>
      )}
    </SidePanel>
  );
}

function useCountdown(until: string, active: boolean) {
  const [left, setLeft] = useState(() => Date.parse(until) - Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setLeft(Date.parse(until) - Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until, active]);
  const seconds = Math.max(0, Math.ceil(left / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const STATUS_TONE = {
  open: 'bg-green-50 text-green-800',
  locked: 'bg-brand-50 text-brand-600',
  settled: 'bg-canvas text-ink-700',
  cancelled: 'bg-canvas text-ink-500',
} as const;

function GuessItem({
  guess,
  canManage,
  viewerId,
  onChange,
}: {
  guess: GuessPanelItem;
  canManage: boolean;
  viewerId: number | null;
  onChange: () => void;
}) {
  const t = useTranslations('guess');
  const format = useFormatter();
  const labelOf = useOutcomeLabel();
  const countdown = useCountdown(guess.closes_at, guess.status === 'open');
  const total = guess.outcomes.reduce((sum, outcome) => sum + outcome.pool, 0);
  const mineOutcome = guess.outcomes.find((outcome) => outcome.id === guess.mine?.outcome_id);
  // The anchor's lock, settle and call-off: one request at a time, its refusal under the guess.
  const action = useFormPost<{ path: string; body: object }>(
    ({ path, body }) => api.post(path, body, { silent: true }),
    { failed: t('failed'), onSuccess: onChange },
  );
  const error = action.error;
  const busy = action.isPending;
  const act = (path: string, body: object, done?: () => void) =>
    action.mutate({ path, body }, { onSuccess: () => done?.() });

  return (
    <li className="space-y-2 px-4 py-3" data-testid="guess-item" data-guess-id={guess.id}>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium text-ink-900" data-testid="guess-question">
          {guess.question}
        </p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[guess.status]}`}
          data-testid="guess-status"
        >
          {t(`status.${guess.status}`)}
        </span>
      </div>
      {guess.status === 'open' ? (
        <p className="text-xs text-ink-500 tabular-nums">{t('closesIn', { time: countdown })}</p>
      ) : guess.status === 'locked' && guess.lock_reason ? (
        <p className="text-xs text-ink-500">
          {t(`lockReason.${lockReasonKey(guess)}`, {
            seconds: Math.round((guess.lock_delay_ms ?? 0) / 100) / 10,
          })}
        </p>
      ) : guess.status === 'cancelled' && guess.cancel_reason ? (
        <p className="text-xs text-ink-500" data-testid="guess-cancel-reason">
          {guess.cancel_reason === 'disputed' ? (
            <VoidReason guess={guess} />
          ) : (
            t(`cancelReason.${guess.cancel_reason}`)
          )}
        </p>
      ) : null}
      <ul className="space-y-1.5">
        {guess.outcomes.map((outcome) => {
          const share = total ? Math.round((outcome.pool / total) * 100) : 0;
          const odds = outcome.pool ? total / outcome.pool : null;
          const label = labelOf(outcome, guess.match);
          const canStake =
            guess.status === 'open' && !canManage && (!guess.mine || guess.mine.outcome_id === outcome.id);
          return (
            <li
              key={outcome.id}
              className="rounded-md border border-line px-2.5 py-1.5"
              data-testid="guess-outcome"
            >
              <div className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-ink-900" title={label}>
                  {label}
                </span>
                {outcome.result && guess.status === 'settled' ? (
                  <span
                    className={`text-xs font-medium ${outcome.result === 'won' ? 'text-green-800' : 'text-ink-500'}`}
                    data-testid="guess-outcome-result"
                  >
                    {t(`result.${outcome.result}`)}
                  </span>
                ) : null}
                {canStake ? (
                  <StakeDialog
                    guess={guess}
                    outcome={outcome}
                    label={label}
                    viewerId={viewerId}
                    onDone={onChange}
                  />
                ) : null}
                {canManage && guess.status === 'locked' && !guess.match ? (
                  <SettleDialog
                    guessId={guess.id}
                    outcomeId={outcome.id}
                    label={label}
                    busy={busy}
                    error={error}
                    onSettle={(done) =>
                      act('api/guess/settle', { guess_id: guess.id, outcome_id: outcome.id }, done)
                    }
                  />
                ) : null}
              </div>
              <div className="mt-1 flex items-center gap-2 text-xs text-ink-500">
                <span className="h-1 flex-1 overflow-hidden rounded-full bg-canvas">
                  <span className="block h-full rounded-full bg-brand-400" style={{ width: `${share}%` }} />
                </span>
                <span className="tabular-nums">
                  {t('pool', { coins: format.number(outcome.pool), people: outcome.people })}
                </span>
                {odds ? (
                  <span className="tabular-nums">
                    {t('odds', { odds: format.number(odds, { maximumFractionDigits: 2 }) })}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {guess.mine && mineOutcome ? (
        <p
          className={`rounded-md px-2.5 py-1.5 text-xs ${guess.mine.status === 'won' ? 'bg-green-50 text-green-800' : 'bg-canvas text-ink-700'}`}
          data-testid="guess-mine"
        >
          {t(`mine.${guess.mine.status}`, {
            outcome: labelOf(mineOutcome, guess.match),
            amount: format.number(guess.mine.amount),
            payout: format.number(guess.mine.payout ?? 0),
          })}
        </p>
      ) : null}
      {guess.status === 'settled' && guess.pay_at ? <Settlement guess={guess} onChange={onChange} /> : null}
      {canManage && (guess.status === 'open' || guess.status === 'locked') ? (
        <div className="flex flex-wrap items-center gap-2">
          {guess.status === 'locked' ? (
            <p className="w-full text-xs text-ink-500">{guess.match ? t('settleAuto') : t('settlePrompt')}</p>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => act('api/guess/lock', { guess_id: guess.id })}
              data-testid="guess-lock"
            >
              {t('lock')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('cancelConfirm'))) act('api/guess/cancel', { guess_id: guess.id });
            }}
          >
            {t('cancel')}
          </Button>
        </div>
      ) : null}
      {canManage && guess.status === 'open' ? (
        <p className="text-xs text-ink-500">{t('managerNote')}</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-live">
          {error}
        </p>
      ) : null}
    </li>
  );
}
