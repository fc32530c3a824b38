'use client';
// Room chat (spec §2): the live room's right-hand column and /score-live's chat. The last 50 lines load
// on entry and older pages when scrolled to the top; pushes arrive on the page's socket and are
// applied once per animation frame; the list is virtualised (about 30 rows in the DOM at 50 lines a
// second) and keeps the newest 300 while the reader is at the bottom. A reader who scrolled up keeps
// their place and sees a "new messages" marker instead. Guests read; signed-in viewers write.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, MessagesSquare, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { levelIconUrl } from '@/lib/accounts/level';
import { cn } from '@/lib/cn';
import { tierOf } from '@/lib/nobility/tiers';
import type { ChatMessage, ServerMessage } from '@/lib/realtime/events';
import { onHeldGoal } from '@/lib/scores/spoiler-hold';
import { openLoginDialog } from '@/lib/store/atoms';
import { badgeColorClass } from './badge-color';
import { type ChatChannel, channelParams, listenToChannel, relayToChannel } from './channel-socket';
import { ChatText } from './chat-text';
import { EmojiPicker, insertAtCaret } from './emoji-picker';
import { FanBadge } from './fan-badge';
import { GiftLine } from './gift-line';
import { NobleBadge } from './noble-badge';
import { type ChatViewer, RoleBadge, UserCard } from './user-card';

const MESSAGE_MAX = 500;
const KEPT_LINES = 300;
const BOTTOM_SLACK_PX = 24;

type Notice =
  | { kind: 'enter'; name: string; level: number; noble?: number }
  | { kind: 'taboo'; name: string; minutes: number }
  | { kind: 'relieve'; name: string }
  | { kind: 'admin'; name: string; admin: boolean }
  | { kind: 'goal'; minute: string; home: string; away: string; score: string };
type Line = { key: string; message: ChatMessage } | { key: string; notice: Notice };

type ViewerState = {
  role: ChatViewer['role'];
  muted: boolean;
  muted_until: string | null;
  slow_mode_seconds: number;
  fans_only?: boolean;
  may_speak?: boolean;
};

let noticeCounter = 0;
function noticeLine(notice: Notice): Line {
  noticeCounter += 1;
  return { key: `n${noticeCounter}`, notice };
}
const messageLine = (message: ChatMessage): Line => ({ key: `m${message.id}`, message });

/**
 * A line staff restored goes back before the first later line (ids grow with time); one older than every
 * line loaded stays for the history's next page, and one already shown is left alone.
 */
function restoredInPlace(current: Line[], message: ChatMessage) {
  const line = messageLine(message);
  if (current.some((known) => known.key === line.key)) return current;
  const at = current.findIndex((known) => 'message' in known && known.message.id > message.id);
  if (at === 0 || (at < 0 && !current.some((known) => 'message' in known))) return current;
  return at < 0 ? [...current, line] : [...current.slice(0, at), line, ...current.slice(at)];
}

function firstMessageId(lines: Line[]) {
  for (const line of lines) if ('message' in line) return line.message.id;
  return undefined;
}

export function RoomChat({
  channel,
  viewerId,
  className = 'h-[520px]',
}: {
  channel: ChatChannel;
  viewerId: number | null;
  className?: string;
}) {
  const t = useTranslations('chat');
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Line[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [unread, setUnread] = useState(0);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const atBottom = useRef(true);
  const pending = useRef<((lines: Line[]) => Line[])[]>([]);
  const frame = useRef(0);
  const prepended = useRef(0);

  const viewerKey = ['chat', 'viewer', channel.kind, channel.id, viewerId ?? 0] as const;
  const { data: state } = useQuery({
    queryKey: viewerKey,
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<ViewerState>('api/chat/viewerState', channelParams(channel), { silent: true });
    },
    enabled: viewerId !== null,
  });
  const viewer: ChatViewer = { id: viewerId, role: state?.role ?? null };

  /** Queues a change to the lines; all changes of one frame apply in one render. */
  const apply = useCallback((change: (lines: Line[]) => Line[]) => {
    pending.current.push(change);
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const changes = pending.current;
      pending.current = [];
      setLines((current) => {
        let next = current;
        for (const change of changes) next = change(next);
        if (atBottom.current && next.length > KEPT_LINES) {
          next = next.slice(next.length - KEPT_LINES);
          setHasMore(true);
        }
        return next;
      });
    });
  }, []);

  // History, then pushes: one subscription per chat and viewer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the chat's kind and id, not the object
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { api } = await import('@/lib/http/client');
      const page = await api.get<{ list: ChatMessage[]; has_more: boolean }>(
        'api/Barrage/getList',
        channelParams(channel),
        { silent: true },
      );
      if (cancelled) return;
      apply((current) => {
        const known = new Set(current.map((line) => line.key));
        return [...page.list.map(messageLine).filter((line) => !known.has(line.key)), ...current];
      });
      setHasMore(page.has_more);
      setLoaded(true);
    })().catch(() => setLoaded(true));

    const stop = listenToChannel(channel, (message: ServerMessage) => {
      const grew = (line: Line) => {
        apply((current) => (current.some((known) => known.key === line.key) ? current : [...current, line]));
        if (!atBottom.current) setUnread((count) => count + 1);
      };
      switch (message.type) {
        case 'chat':
          grew(messageLine(message.data));
          break;
        case 'chatDelete':
          apply((current) => current.filter((line) => line.key !== `m${message.data.id}`));
          break;
        case 'chatRestore':
          apply((current) => restoredInPlace(current, message.data));
          break;
        case 'enterRoom': {
          const data = message.data as { nickname?: unknown; level?: unknown; noble?: unknown };
          if (typeof data?.nickname === 'string') {
            grew(
              noticeLine({
                kind: 'enter',
                name: data.nickname,
                level: Number(data.level) || 1,
                noble: Number(data.noble) || 0,
              }),
            );
          }
          break;
        }
        case 'setTaboo':
          grew(
            noticeLine({ kind: 'taboo', name: message.data.nickname, minutes: message.data.minutes ?? 0 }),
          );
          if (message.data.user_id === viewerId) void queryClient.invalidateQueries({ queryKey: viewerKey });
          break;
        case 'relieveTaboo':
          grew(noticeLine({ kind: 'relieve', name: message.data.nickname }));
          if (message.data.user_id === viewerId) void queryClient.invalidateQueries({ queryKey: viewerKey });
          break;
        case 'setAdministrations': {
          const data = message.data as { user_id: number; nickname: string; admin: boolean };
          grew(noticeLine({ kind: 'admin', name: data.nickname, admin: data.admin }));
          apply((current) =>
            current.map((line) =>
              'message' in line && line.message.user_id === data.user_id && line.message.role !== 'anchor'
                ? { ...line, message: { ...line.message, role: data.admin ? 'admin' : null } }
                : line,
            ),
          );
          if (data.user_id === viewerId) void queryClient.invalidateQueries({ queryKey: viewerKey });
          break;
        }
      }
    });
    // The bound match's goals, when this viewer's video shows them (no spoilers: lib/scores/spoiler-hold).
    const stopGoals =
      channel.kind === 'live'
        ? onHeldGoal((goal) =>
            apply((current) => [
              ...current,
              noticeLine({
                kind: 'goal',
                minute: String(goal.match_str),
                home: String(goal.home_team_name_zh),
                away: String(goal.away_team_name_zh),
                score: `${goal.home_score}-${goal.away_score}`,
              }),
            ]),
          )
        : () => {};
    return () => {
      stopGoals();
      cancelled = true;
      stop();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [channel.kind, channel.id, viewerId]);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 28,
    overscan: 8,
    getItemKey: (index) => lines[index]!.key,
  });

  // Follow the newest line while at the bottom; keep the reader's place after older lines came in.
  useLayoutEffect(() => {
    if (prepended.current > 0) {
      virtualizer.scrollToIndex(prepended.current, { align: 'start' });
      prepended.current = 0;
    } else if (atBottom.current && lines.length > 0) {
      virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
    }
  }, [lines, virtualizer]);

  const loadOlder = async () => {
    const before = firstMessageId(lines);
    if (loadingOlder || !hasMore || before === undefined) return;
    setLoadingOlder(true);
    try {
      const { api } = await import('@/lib/http/client');
      const page = await api.get<{ list: ChatMessage[]; has_more: boolean }>(
        'api/Barrage/getList',
        { ...channelParams(channel), before },
        { silent: true },
      );
      prepended.current = page.list.length;
      setLines((current) => [...page.list.map(messageLine), ...current]);
      setHasMore(page.has_more);
    } finally {
      setLoadingOlder(false);
    }
  };

  const onScroll = () => {
    const element = scrollRef.current!;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (atBottom.current) setUnread(0);
    if (element.scrollTop < 40) void loadOlder();
  };

  const toBottom = () => {
    atBottom.current = true;
    setUnread(0);
    virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const { api } = await import('@/lib/http/client');
      const sent = await api.post<ChatMessage>(
        'api/live/sendChatSensitive',
        { ...channelParams(channel), content },
        { silent: true },
      );
      relayToChannel(channel, { type: 'chat', ...channelParams(channel), data: sent });
      setDraft('');
      atBottom.current = true;
      setUnread(0);
      apply((current) =>
        current.some((line) => line.key === `m${sent.id}`) ? current : [...current, messageLine(sent)],
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('sendFailed'));
    } finally {
      setSending(false);
    }
  };

  const remove = async (id: number) => {
    const { api } = await import('@/lib/http/client');
    await api.post('api/chat/deleteMessage', { id }).catch(() => {});
  };

  const insertEmoji = (char: string) => insertAtCaret(inputRef.current, draft, char, MESSAGE_MAX, setDraft);

  const mutedText = state?.muted
    ? state.muted_until
      ? t('mutedUntil', {
          minutes: Math.max(1, Math.ceil((Date.parse(state.muted_until) - Date.now()) / 60_000)),
        })
      : t('mutedBroadcast')
    : null;

  return (
    <section
      aria-labelledby={`chat-title-${channel.kind}-${channel.id}`}
      data-testid="room-chat"
      className={`flex flex-col overflow-hidden rounded-xl border border-line bg-surface ${className}`}
    >
      <header className="flex h-11 shrink-0 items-center gap-2 border-b border-line pr-2 pl-4">
        <MessagesSquare aria-hidden className="size-4 text-brand-500" />
        <h2 id={`chat-title-${channel.kind}-${channel.id}`} className="text-sm font-semibold">
          {t('title')}
        </h2>
        {state && state.slow_mode_seconds > 0 ? (
          <span className="rounded bg-canvas px-1.5 py-0.5 text-[11px] text-ink-500">
            {t('slowMode', { seconds: state.slow_mode_seconds })}
          </span>
        ) : null}
      </header>

      <div className="relative min-h-0 flex-1">
        <div
          ref={scrollRef}
          onScroll={onScroll}
          className="absolute inset-0 overflow-y-auto overscroll-contain px-3 py-2"
          data-testid="chat-list"
          role="log"
          aria-live="off"
        >
          {!loaded ? (
            <ul className="space-y-2 pt-1" aria-hidden>
              {[70, 55, 85, 40, 65].map((width) => (
                <li
                  key={width}
                  className="h-4 animate-pulse rounded bg-canvas"
                  style={{ width: `${width}%` }}
                />
              ))}
            </ul>
          ) : lines.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center px-6 text-center">
              <p className="text-sm font-medium text-ink-700">{t('emptyTitle')}</p>
              <p className="mt-1 text-xs text-ink-500">{viewerId ? t('emptyHint') : t('emptyGuestHint')}</p>
            </div>
          ) : (
            <>
              {loadingOlder ? (
                <p className="py-1 text-center text-xs text-ink-500">{t('loadingOlder')}</p>
              ) : null}
              <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const line = lines[item.index]!;
                  return (
                    <div
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className="absolute top-0 left-0 w-full"
                      style={{ transform: `translateY(${item.start}px)` }}
                    >
                      {'message' in line ? (
                        <MessageRow
                          message={line.message}
                          channel={channel}
                          viewer={viewer}
                          onDelete={viewer.role ? () => remove(line.message.id) : undefined}
                        />
                      ) : (
                        <NoticeRow notice={line.notice} />
                      )}
                    </div>
                  );
                })}
              </div>
            </>
          )}
        </div>
        {unread > 0 ? (
          <button
            type="button"
            onClick={toBottom}
            data-testid="new-messages"
            className="absolute bottom-2 left-1/2 inline-flex h-7 -translate-x-1/2 items-center gap-1 rounded-full bg-brand-500 px-3 text-xs font-medium text-white shadow-md"
          >
            <ArrowDown aria-hidden className="size-3.5" />
            {t('newMessages', { count: unread })}
          </button>
        ) : null}
      </div>

      <footer className="shrink-0 border-t border-line p-2">
        {viewerId === null ? (
          <button
            type="button"
            onClick={() => openLoginDialog()}
            className="h-9 w-full rounded-lg bg-brand-50 text-sm font-medium text-brand-600 hover:bg-brand-100"
          >
            {t('loginToChat')}
          </button>
        ) : state?.may_speak === false ? (
          <p
            data-testid="chat-fans-only"
            className="flex h-9 items-center justify-center rounded-lg bg-canvas px-3 text-xs text-ink-500"
          >
            {t('fansOnlyHint')}
          </p>
        ) : mutedText ? (
          <p
            data-testid="chat-muted"
            className="flex h-9 items-center justify-center rounded-lg bg-canvas px-3 text-xs text-ink-500"
          >
            {mutedText}
          </p>
        ) : (
          <form onSubmit={send} className="flex items-center gap-1">
            <EmojiPicker onPick={insertEmoji} disabled={sending} label={t('emoji')} />
            <label className="relative min-w-0 flex-1">
              <span className="sr-only">{t('messagePrompt')}</span>
              <input
                ref={inputRef}
                value={draft}
                maxLength={MESSAGE_MAX}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setError(null);
                }}
                placeholder={t('messagePrompt')}
                data-testid="chat-input"
                className="h-9 w-full rounded-lg border border-line bg-canvas pr-14 pl-3 text-sm outline-none focus:border-brand-400 focus:bg-surface"
              />
              {draft.length > MESSAGE_MAX - 100 ? (
                <span className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-[11px] text-ink-500 tabular-nums">
                  {draft.length}/{MESSAGE_MAX}
                </span>
              ) : null}
            </label>
            <button
              type="submit"
              disabled={sending || draft.trim().length === 0}
              className="h-9 shrink-0 rounded-lg bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-50"
            >
              {t('send')}
            </button>
          </form>
        )}
        {error ? (
          <p role="alert" data-testid="chat-error" className="mt-1 px-1 text-xs text-live">
            {error}
          </p>
        ) : null}
      </footer>
    </section>
  );
}

function MessageRow({
  message,
  channel,
  viewer,
  onDelete,
}: {
  message: ChatMessage;
  channel: ChatChannel;
  viewer: ChatViewer;
  onDelete?: () => void;
}) {
  const t = useTranslations('chat');
  return (
    <p
      className="group relative py-[3px] pr-5 text-[13px] leading-5 break-words text-ink-900"
      data-testid="chat-line"
    >
      <img
        src={levelIconUrl(message.level)}
        alt={`Lv.${message.level}`}
        width={33}
        height={14}
        className="mr-1 inline-block h-3.5 w-[33px] align-[-2px]"
      />
      {message.role ? (
        <span className="mr-1 inline-block align-[-1px]">
          <RoleBadge role={message.role} />
        </span>
      ) : null}
      {message.noble ? <NobleBadge tier={message.noble} className="mr-1" /> : null}
      {message.fan ? <FanBadge name={message.fan.name} level={message.fan.level} className="mr-1" /> : null}
      <UserCard sender={message} channel={channel} viewer={viewer}>
        <button
          type="button"
          className={cn(
            'font-medium',
            badgeColorClass(message.badge_color) ?? 'text-ink-500 hover:text-brand-600',
          )}
          data-testid="chat-name"
          data-badge-color={message.badge_color}
        >
          {message.nickname}
        </button>
      </UserCard>
      {message.gift ? (
        <GiftLine gift={message.gift} />
      ) : (
        <>
          <span className="text-ink-500">：</span>
          <span data-testid="chat-content">
            <ChatText text={message.content} />
          </span>
        </>
      )}
      {onDelete ? (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('deleteMessage')}
          data-testid="chat-delete"
          className="absolute top-1 right-0 hidden text-ink-300 group-hover:block hover:text-live focus:block"
        >
          <Trash2 aria-hidden className="size-3.5" />
        </button>
      ) : null}
    </p>
  );
}

function NoticeRow({ notice }: { notice: Notice }) {
  const t = useTranslations('chat');
  const text =
    notice.kind === 'enter'
      ? notice.noble && tierOf(notice.noble)
        ? t('notice.nobleEnter', { name: notice.name, tier: t(`nobles.${tierOf(notice.noble)!.code}`) })
        : t('notice.enter', { name: notice.name })
      : notice.kind === 'taboo'
        ? notice.minutes === 0
          ? t('notice.tabooBroadcast', { name: notice.name })
          : t('notice.taboo', { name: notice.name, duration: t(`durations.m${notice.minutes}`) })
        : notice.kind === 'relieve'
          ? t('notice.relieve', { name: notice.name })
          : notice.kind === 'goal'
            ? t('notice.goal', {
                minute: notice.minute,
                home: notice.home,
                away: notice.away,
                score: notice.score,
              })
            : notice.admin
              ? t('notice.adminOn', { name: notice.name })
              : t('notice.adminOff', { name: notice.name });
  return (
    <p
      data-testid={`chat-notice-${notice.kind}`}
      className={`py-[3px] text-xs leading-5 ${
        notice.kind === 'enter' && notice.noble
          ? 'font-medium text-amber-700'
          : notice.kind === 'enter'
            ? 'text-ink-500'
            : 'text-brand-600'
      }`}
    >
      {text}
    </p>
  );
}
