'use client';
// The live room's fun-guess card (趣味竞猜): the room's recent guesses with each option's pool, a stake
// dialog in coins for viewers, the anchor's and administrators' open / lock / settle / call-off controls,
// and each viewer's result (when a settlement pays out and the stakers' dispute of it: ./settlement.tsx).
// Kept current by the room's `guess` pushes (the database stays the truth: a push only refetches).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dices, Plus, Trash2 } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import type { GuessPanelItem } from '@/lib/guess/api';
import { Link } from '@/lib/i18n/navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { appStore, loginDialogAtom } from '@/lib/store/atoms';
import { balancesChanged, useBalances } from '@/lib/wallet/queries';
import { Settlement, VoidReason } from './settlement';

type Panel = {
  can_manage: boolean;
  room_match_sport: 'football' | 'basketball' | null;
  list: GuessPanelItem[];
};
type Outcome = GuessPanelItem['outcomes'][number];

const newKey = () => crypto.randomUUID().replaceAll('-', '');
const client = () => import('@/lib/http/client');
const WINDOWS = [30, 60, 120, 300, 600, 1800];
const OUTCOMES_MAX = 10;
const PUSH_REFETCH_MS = 2000;

async function fetchPanel(roomId: number, afterPush = false) {
  const { api } = await client();
  return api.get<Panel>('api/guess/room', { room_id: roomId }, { afterPush, silent: true });
}

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total = guess.outcomes.reduce((sum, outcome) => sum + outcome.pool, 0);
  const mineOutcome = guess.outcomes.find((outcome) => outcome.id === guess.mine?.outcome_id);

  async function act(path: string, body: Record<string, unknown>) {
    setBusy(true);
    setError(null);
    const { api, ApiError } = await client();
    try {
      await api.post(path, body, { silent: true });
      onChange();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }

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
          {t(`lockReason.${guess.lock_reason}`, {
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
                <span className="min-w-0 flex-1 truncate text-ink-900">{label}</span>
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
                  <Button
                    size="sm"
                    variant="secondary"
                    className="h-7 px-2 text-xs"
                    disabled={busy}
                    onClick={() => act('api/guess/settle', { guess_id: guess.id, outcome_id: outcome.id })}
                  >
                    {t('settleAs')}
                  </Button>
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
              if (window.confirm(t('cancelConfirm'))) void act('api/guess/cancel', { guess_id: guess.id });
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

/** The reviewer's reason for a guess voided after a dispute, in the viewer's language. */
function StakeDialog({
  guess,
  outcome,
  label,
  viewerId,
  onDone,
}: {
  guess: GuessPanelItem;
  outcome: Outcome;
  label: string;
  viewerId: number | null;
  onDone: () => void;
}) {
  const t = useTranslations('guess');
  const format = useFormatter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const balances = useBalances(undefined, { signedIn: viewerId !== null });
  const [amount, setAmount] = useState('10');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newKey);
  const coins = balances.data?.coin ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { api, ApiError } = await client();
    try {
      const done = await api.post<{ balance: number }>(
        'api/guess/stake',
        { guess_id: guess.id, outcome_id: outcome.id, amount, key },
        { silent: true },
      );
      setOpen(false);
      setKey(newKey());
      balancesChanged(queryClient, { coin: done.balance });
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
      setKey(newKey());
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next && viewerId === null) return appStore.set(loginDialogAtom, 'qr');
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" className="h-7 px-2.5 text-xs" data-testid="guess-stake">
          {t('stake')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,380px)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-5 shadow-2xl"
          data-testid="guess-stake-dialog"
        >
          <Dialog.Title className="text-base font-semibold text-ink-900">
            {t('stakeDialog.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-700">
            {guess.question} · {t('stakeDialog.on', { outcome: label })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-3">
            <p className="text-sm text-ink-700 tabular-nums" data-testid="guess-coins">
              {t('stakeDialog.balance', { coins: format.number(coins) })}
            </p>
            <div>
              <label htmlFor={`stake-${outcome.id}`} className={LABEL_CLASS}>
                {t('stakeDialog.amount')}
              </label>
              <input
                id={`stake-${outcome.id}`}
                className={INPUT_CLASS}
                inputMode="numeric"
                value={amount}
                onChange={(event) => setAmount(event.target.value.replace(/\D/g, ''))}
              />
              <div className="mt-2 flex gap-2">
                {[10, 50, 100].map((preset) => (
                  <button
                    key={preset}
                    type="button"
                    className="h-7 rounded-full border border-line px-3 text-xs text-ink-700 hover:border-brand-400"
                    onClick={() => setAmount(String(preset))}
                  >
                    {format.number(preset)}
                  </button>
                ))}
              </div>
            </div>
            <p className="text-xs text-ink-500">{t('stakeDialog.coinsOnly')}</p>
            {error ? (
              <p role="alert" className="text-sm text-live">
                {error}{' '}
                <Link href="/member?type=18" className="underline">
                  {t('stakeDialog.earn')}
                </Link>
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={pending || !amount}>
              {t('stakeDialog.submit')}
            </Button>
          </form>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OpenGuessDialog({
  roomId,
  sport,
  onDone,
}: {
  roomId: number;
  sport: 'football' | 'basketball' | null;
  onDone: () => void;
}) {
  const t = useTranslations('guess');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'custom' | 'match'>('custom');
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [windowSeconds, setWindowSeconds] = useState(300);
  const [totalLine, setTotalLine] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const result = sport === 'basketball' ? 'basketball_moneyline' : 'football_1x2';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const { api, ApiError } = await client();
    const playTypes = [result, ...(totalLine ? [`${sport}_total:${totalLine}`] : [])];
    try {
      await api.post(
        'api/guess/open',
        kind === 'match'
          ? { room_id: roomId, question, play_types: playTypes, window_seconds: windowSeconds }
          : { room_id: roomId, question, outcomes: options, window_seconds: windowSeconds },
        { silent: true },
      );
      setOpen(false);
      setQuestion('');
      setOptions(['', '']);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" className="w-full" data-testid="guess-open">
          <Plus aria-hidden className="size-4" />
          {t('open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,440px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-5 shadow-2xl"
          data-testid="guess-open-dialog"
        >
          <Dialog.Title className="text-base font-semibold text-ink-900">{t('form.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('emptyHintManager')}</Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4">
            <div>
              <label htmlFor="guess-question" className={LABEL_CLASS}>
                {t('form.question')}
              </label>
              <input
                id="guess-question"
                className={INPUT_CLASS}
                maxLength={60}
                value={question}
                placeholder={t('form.questionExample')}
                onChange={(event) => setQuestion(event.target.value)}
              />
            </div>
            {sport ? (
              <fieldset>
                <legend className={LABEL_CLASS}>{t('form.kind')}</legend>
                <div className="flex flex-wrap gap-4 text-sm text-ink-700">
                  <label className="flex items-center gap-1.5">
                    <input type="radio" checked={kind === 'custom'} onChange={() => setKind('custom')} />
                    {t('form.custom')}
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input type="radio" checked={kind === 'match'} onChange={() => setKind('match')} />
                    {t('form.match', { market: t(`form.markets.${result}`) })}
                  </label>
                </div>
              </fieldset>
            ) : null}
            {kind === 'match' && sport ? (
              <div className="space-y-2">
                <label htmlFor="guess-total" className={LABEL_CLASS}>
                  {t('form.totalLine')}
                </label>
                <input
                  id="guess-total"
                  className={INPUT_CLASS}
                  inputMode="decimal"
                  value={totalLine}
                  onChange={(event) => setTotalLine(event.target.value.replace(/[^\d.]/g, ''))}
                />
                <p className="text-xs text-ink-500">{t('form.matchHint')}</p>
              </div>
            ) : (
              <fieldset className="space-y-2">
                <legend className={LABEL_CLASS}>{t('form.options', { min: 2, max: OUTCOMES_MAX })}</legend>
                {options.map((option, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                  <div key={index} className="flex gap-2">
                    <input
                      aria-label={t('form.option', { n: index + 1 })}
                      className={INPUT_CLASS}
                      maxLength={30}
                      value={option}
                      onChange={(event) =>
                        setOptions((list) => list.map((item, i) => (i === index ? event.target.value : item)))
                      }
                    />
                    {options.length > 2 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        aria-label={t('form.removeOption', { n: index + 1 })}
                        onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </Button>
                    ) : null}
                  </div>
                ))}
                {options.length < OUTCOMES_MAX ? (
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() => setOptions((list) => [...list, ''])}
                  >
                    <Plus aria-hidden className="size-4" />
                    {t('form.addOption')}
                  </Button>
                ) : null}
              </fieldset>
            )}
            <div>
              <label htmlFor="guess-window" className={LABEL_CLASS}>
                {t('form.window')}
              </label>
              <select
                id="guess-window"
                className={INPUT_CLASS}
                value={windowSeconds}
                onChange={(event) => setWindowSeconds(Number(event.target.value))}
              >
                {WINDOWS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds < 60
                      ? t('form.seconds', { n: seconds })
                      : t('form.minutes', { n: seconds / 60 })}
                  </option>
                ))}
              </select>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-live">
                {error}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={pending}>
              {t('form.submit')}
            </Button>
          </form>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
