// The room chat's lines and their wiring: the last 50 lines load on entry and older pages on demand;
// pushes arrive on the page's socket (./channel-socket.ts) and the viewer's held goals
// (lib/scores/spoiler-hold), and are applied once per animation frame; the newest 300 are kept while the
// reader is at the bottom. A reader who scrolled up keeps their place and counts the unread lines.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ServerMessage } from '@/lib/realtime/events';
import { onHeldGoal } from '@/lib/scores/spoiler-hold';
import { type ChatChannel, channelParams, listenToChannel } from './channel-socket';
import { firstMessageId, type Line, messageLine, noticeLine, restoredInPlace } from './chat-lines';
import { chatViewerKey } from './chat-viewer-state';

const KEPT_LINES = 300;

export type ChatFeed = ReturnType<typeof useChatFeed>;

export function useChatFeed(channel: ChatChannel, viewerId: number | null) {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Line[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [unread, setUnread] = useState(0);
  /** Whether the reader is at the newest line (the list writes it as they scroll). */
  const atBottom = useRef(true);
  const pending = useRef<((lines: Line[]) => Line[])[]>([]);
  const frame = useRef(0);
  /** How many older lines the last page put on top (the list keeps the reader's place by it). */
  const prepended = useRef(0);
  const viewerKey = chatViewerKey(channel, viewerId);

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
          // A line a moderator approved replaces its sender's held copy; otherwise it is a new line.
          if (message.data.user_id === viewerId)
            apply((current) =>
              current.map((line) => (line.key === `m${message.data.id}` ? messageLine(message.data) : line)),
            );
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

  /** The page of lines before the first one loaded (scrolled to the top). */
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

  /** The reader is at the newest line again: nothing unread. */
  const readToBottom = () => {
    atBottom.current = true;
    setUnread(0);
  };

  /** The viewer's own line, shown at once (the push that follows is the same line). */
  const sent = (message: ChatMessage) => {
    readToBottom();
    apply((current) =>
      current.some((line) => line.key === `m${message.id}`) ? current : [...current, messageLine(message)],
    );
  };

  return {
    lines,
    loaded,
    loadingOlder,
    unread,
    setUnread,
    atBottom,
    prepended,
    loadOlder,
    readToBottom,
    sent,
  };
}
