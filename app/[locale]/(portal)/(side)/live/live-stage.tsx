'use client';
// The room's stage: follows the room's state through `startRoom`/`endRoom`/`heatUpdate` pushes
// (refetching room info from the primary: the database is the truth) and shows the cover, the live
// player or the replay. The player is small and part of the page (a live room's <video> is in the
// server's markup and starts before hydration); its libraries load only when there is something to
// play (mpegts.js through FLV_SCRIPT, video.js for HLS); the HTTP client loads on the first refetch.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { preinit } from 'react-dom';
import { DanmakuLayer } from '@/components/live/chat/danmaku-layer';
import { ANCHOR_TAB, PHONE_DISSOLVE } from '@/components/live/phone/panels';
import { openRoomSheet } from '@/components/live/phone/room-sheets';
import { LocalTime } from '@/components/ui/local-time';
import { useTimeFormat } from '@/components/ui/time-view';
import { formatDuration } from '@/components/videos/format-duration';
import { queryKeys } from '@/lib/http/query-keys';
import type { ReplayItem, RoomInfo } from '@/lib/live/service';
import { FLV_SCRIPT } from '@/lib/media/flv-options';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';
import { EntryBanner } from './entry-banner';
import LivePlayer from './live-player';
import { PlayerControls } from './player-controls';
import { STAGE_LANDSCAPE, STAGE_SIZE } from './stage-size';

/**
 * A room that is not live yet: once the page is idle, fetch what going live needs (the FLV script and
 * the HTTP client of the refetch), so the push is on screen as soon as it is announced.
 */
function useWarmPlayer(needed: boolean) {
  useEffect(() => {
    if (!needed) return;
    let idle = 0;
    // Well after the page's own start-up (and a visitor's first clicks), when the browser is idle.
    const timer = setTimeout(() => {
      idle = (window.requestIdleCallback ?? setTimeout)(() => {
        void import('@/lib/http/client');
        preinit(FLV_SCRIPT, { as: 'script' });
      });
    }, 8000);
    return () => {
      clearTimeout(timer);
      (window.cancelIdleCallback ?? clearTimeout)(idle);
    };
  }, [needed]);
}

// Only a sealed room needs it; rendered on the server all the same.
const SealedScreen = dynamic(() =>
  import('@/components/live/sealed-screen').then((module) => module.SealedScreen),
);

type Info = RoomInfo;

type RoomPush = { room_id: number; data: unknown };

/** The room's state; `afterPush`: a push announced a change, read it with the change (after-push.ts). */
async function fetchRoomInfo(roomId: number, afterPush = false) {
  const { api } = await import('@/lib/http/client');
  return api.get<Info>('api/Live_streaming/getRoomInfo', { id: roomId }, { afterPush });
}

/** The room's latest replays (a room that ends has a new one). */
async function fetchReplays(roomId: number, afterPush = false) {
  const { api } = await import('@/lib/http/client');
  const reply = await api.post<{ list: ReplayItem[] }>(
    'api/Live_streaming/getLivePlaybackList',
    { id: roomId },
    { afterPush },
  );
  return reply.list.slice(0, 6);
}

function useRoomInfo(initial: Info) {
  return useQuery({
    queryKey: queryKeys.liveRoom(initial.id),
    queryFn: () => fetchRoomInfo(initial.id),
    initialData: initial,
    // Online counts move without pushes; a light refresh keeps them honest.
    refetchInterval: 30_000,
  });
}

/** Joins the room's push channel (again after a reconnect) and refetches on state pushes. */
function useRoomPushes(roomId: number) {
  const queryClient = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    import('@/lib/realtime/client').then(({ withRealtime }) => {
      if (cancelled) return;
      stop = withRealtime(({ socket }) => {
        // A room goes live (or ends) the moment its push is accepted (or stops). Its pushes reach this
        // socket once the server has put it in the room, so the room is read again on that answer: a
        // state pushed before it (while connecting, reconnecting or joining) is not missed.
        const caughtUp = () => void queryClient.invalidateQueries({ queryKey: queryKeys.liveRoom(roomId) });
        const join = () => socket.emit('joinRoom', { room_id: roomId }, caughtUp);
        join();
        socket.io.on('reconnect', join);
        const previous = stop;
        stop = () => {
          previous();
          socket.io.off('reconnect', join);
        };
      });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [roomId, queryClient]);

  // Pushes for this room: state changes refetch (the database is the truth), heat patches in place.
  useEffect(() => {
    let last = appStore.get(realtimeMessagesAtom);
    return appStore.sub(realtimeMessagesAtom, () => {
      const messages = appStore.get(realtimeMessagesAtom);
      const changed = (type: 'startRoom' | 'endRoom' | 'heatUpdate' | 'sealingStatu' | 'roomUpdate') => {
        const message = messages[type] as RoomPush | undefined;
        return message && message !== last[type] && message.room_id === roomId ? message : null;
      };
      if (changed('startRoom') || changed('endRoom') || changed('sealingStatu')) {
        const quietly = () => {};
        queryClient
          .fetchQuery({ queryKey: queryKeys.liveRoom(roomId), queryFn: () => fetchRoomInfo(roomId, true) })
          .catch(quietly);
        queryClient
          .fetchQuery({ queryKey: queryKeys.liveReplays(roomId), queryFn: () => fetchReplays(roomId, true) })
          .catch(quietly);
      }
      // Settings the server renders (title, announcement, bound match) come back with a refresh.
      if (changed('roomUpdate')) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.liveRoom(roomId) });
        router.refresh();
      }
      const heat = (changed('heatUpdate')?.data as { heat?: unknown } | null)?.heat;
      if (typeof heat === 'number') {
        queryClient.setQueryData<Info>(queryKeys.liveRoom(roomId), (info) =>
          info ? { ...info, heat } : info,
        );
      }
      last = messages;
    });
  }, [roomId, queryClient, router]);
}

export function RoomStats({
  initial,
  heatIcon,
  onlineIcon,
}: {
  initial: Info;
  heatIcon: ReactNode;
  onlineIcon: ReactNode;
}) {
  const t = useTranslations('live');
  const format = useFormatter();
  const { data } = useRoomInfo(initial);
  return (
    <>
      <span className="inline-flex items-center gap-1.5 text-ink-700" title={t('heat')}>
        {heatIcon}
        <span className="sr-only">{t('heat')}</span>
        <span className="tabular-nums" data-testid="room-heat">
          {format.number(data.heat)}
        </span>
      </span>
      <span className="inline-flex items-center gap-1.5 text-ink-700" title={t('online')}>
        {onlineIcon}
        <span className="sr-only">{t('online')}</span>
        <span className="tabular-nums" data-testid="room-online">
          {format.number(data.online)}
        </span>
      </span>
    </>
  );
}

export function LiveStage({
  initial,
  replays: initialReplays,
  initialReplay = null,
  asideTop,
  belowPlayer,
  phoneBar,
}: {
  initial: Info;
  replays: ReplayItem[];
  initialReplay?: ReplayItem | null;
  /** Rendered above the replays list (the chat, the match situation of a bound room). */
  asideTop?: ReactNode;
  /** Rendered right under the player (the gift bar). */
  belowPlayer?: ReactNode;
  /** On a phone, pinned with the player under it (the room's tabs). */
  phoneBar?: ReactNode;
}) {
  const t = useTranslations('live');
  const tModeration = useTranslations('moderation');
  const times = useTimeFormat();
  const { data: info } = useRoomInfo(initial);
  useRoomPushes(initial.id);
  const { data: replays } = useQuery({
    queryKey: queryKeys.liveReplays(initial.id),
    queryFn: () => fetchReplays(initial.id),
    initialData: initialReplays,
  });
  const [chosen, setChosen] = useState<ReplayItem | null>(initialReplay);
  const [mode, setMode] = useState<'flv' | 'hls'>('flv');
  // The stage box (full screen, the controls' popovers) and 网页全屏: the box fills the window.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [webFull, setWebFull] = useState(false);

  // A new state puts the viewer back on what the room is doing now.
  const [seenState, setSeenState] = useState(`${info.status}:${info.broadcast_id}`);
  if (seenState !== `${info.status}:${info.broadcast_id}`) {
    setSeenState(`${info.status}:${info.broadcast_id}`);
    setChosen(null);
  }

  const live = info.status === 'live' && (info.play.flv || info.play.hls);
  useWarmPlayer(!live && !info.sealed);
  const replay = chosen ?? (info.status === 'ended' ? (replays[0] ?? null) : null);

  let stage: ReactNode;
  if (info.sealed) {
    stage = (
      <SealedScreen reasonCode={info.seal_reason_code} reason={info.seal_reason} until={info.sealed_until} />
    );
  } else if (live && !chosen) {
    stage = (
      <LivePlayer
        key={`live-${info.broadcast_id}-${mode}`}
        live
        flv={mode === 'flv' ? info.play.flv : null}
        hls={info.play.hls}
        onFallback={() => setMode('hls')}
      />
    );
  } else if (replay) {
    stage = <LivePlayer key={`replay-${replay.id}`} live={false} flv={null} hls={replay.url} />;
  } else {
    stage = (
      <div className="relative flex size-full items-center justify-center">
        {info.cover ? (
          <img src={info.cover} alt="" className="absolute inset-0 size-full object-cover opacity-40" />
        ) : null}
        <div className="relative text-center">
          <p className="text-lg font-medium text-white">
            {info.status === 'ended' ? t('endedNoReplay') : t('notLive')}
          </p>
          <p className="mt-1 text-sm text-ink-300">{t('notLiveHint')}</p>
        </div>
      </div>
    );
  }

  const stateLabel = info.sealed
    ? tModeration('sealedState')
    : chosen
      ? t('state.replay')
      : info.status === 'live'
        ? t('state.live')
        : info.status === 'ended'
          ? t('state.ended')
          : t('state.idle');

  return (
    <div
      className={`grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_300px] ${PHONE_DISSOLVE}`}
    >
      <div className={`flex min-w-0 flex-col gap-4 ${PHONE_DISSOLVE}`}>
        {/* On a phone: pinned at the top of the room's column, the video first, then this strip and the tabs. */}
        <section
          aria-label={t('player')}
          className="overflow-hidden rounded-xl border border-line bg-surface max-md:sticky max-md:top-0 max-md:z-20 max-md:order-first max-md:flex max-md:shrink-0 max-md:flex-col max-md:rounded-none max-md:border-0"
        >
          <div className="flex h-11 items-center gap-3 border-b border-line px-4 text-sm max-md:order-1 max-md:h-9 max-md:px-3">
            <span
              data-testid="room-state"
              data-state={info.status}
              className={
                info.status === 'live' && !chosen
                  ? 'inline-flex h-6 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full bg-live/10 px-2.5 font-medium text-live'
                  : 'inline-flex h-6 shrink-0 items-center whitespace-nowrap rounded-full bg-canvas px-2.5 font-medium text-ink-500'
              }
            >
              {info.status === 'live' && !chosen ? <span className="size-1.5 rounded-full bg-live" /> : null}
              {stateLabel}
            </span>
            {/* Said only when a replay does play: a sealed room, or one with none yet, shows its own screen. */}
            {info.status === 'ended' && !chosen && replay && !info.sealed ? (
              <span className="text-ink-500">{t('endedNotice')}</span>
            ) : null}
            {chosen ? (
              <span className="truncate text-ink-700">
                {t('replayOf', {
                  title: chosen.title || t('untitled'),
                  date: times.dateTime(new Date(chosen.started_at), 'dateTime'),
                })}
              </span>
            ) : null}
            <div className="ml-auto flex items-center gap-2">
              {chosen && info.status === 'live' ? (
                <button
                  type="button"
                  onClick={() => setChosen(null)}
                  className="h-7 rounded-md bg-live px-2.5 text-xs font-medium text-white"
                >
                  {t('backToLive')}
                </button>
              ) : null}
              {live && !chosen && !info.sealed && info.play.flv && info.play.hls ? (
                <fieldset className="flex overflow-hidden rounded-md border border-line text-xs">
                  <legend className="sr-only">{t('mode.label')}</legend>
                  {(['flv', 'hls'] as const).map((value) => (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={mode === value}
                      onClick={() => setMode(value)}
                      className={
                        mode === value
                          ? 'h-7 bg-brand-500 px-2.5 text-white'
                          : 'h-7 px-2.5 text-ink-700 hover:bg-canvas'
                      }
                    >
                      {t(`mode.${value}`)}
                    </button>
                  ))}
                </fieldset>
              ) : null}
            </div>
          </div>
          <div
            ref={setBox}
            className={
              webFull
                ? 'group/stage fixed inset-0 z-[100] overflow-hidden bg-night'
                : `group/stage relative w-full overflow-hidden bg-night ${STAGE_SIZE} ${STAGE_LANDSCAPE}`
            }
            data-testid="stage"
            data-web-fullscreen={webFull ? 'true' : undefined}
            data-effects-host=""
          >
            {stage}
            <DanmakuLayer roomId={initial.id} />
            <EntryBanner roomId={initial.id} />
            {info.sealed ? null : (
              <button
                type="button"
                onClick={() => openRoomSheet('gifts')}
                data-testid="landscape-gifts"
                className="absolute top-1/2 right-[max(0.75rem,env(safe-area-inset-right))] z-10 hidden h-9 -translate-y-1/2 items-center gap-1.5 rounded-full bg-brand-500/90 px-3 text-sm font-medium text-white shadow land:inline-flex"
              >
                <Gift aria-hidden className="size-4" />
                {t('phone.gifts')}
              </button>
            )}
            {info.sealed ? null : (
              <PlayerControls
                box={box}
                live={Boolean(live && !chosen)}
                mode={mode}
                webFull={webFull}
                onWebFull={setWebFull}
              />
            )}
          </div>
          {phoneBar}
        </section>
        {belowPlayer}
      </div>

      <div className={`flex min-w-0 flex-col gap-4 ${PHONE_DISSOLVE}`}>
        {asideTop}
        <aside
          aria-labelledby="replays-title"
          className={`rounded-xl border border-line bg-surface ${ANCHOR_TAB}`}
        >
          <h2
            id="replays-title"
            className="flex h-11 items-center border-b border-line px-4 text-sm font-semibold"
          >
            {t('replays')}
          </h2>
          {replays.length === 0 ? (
            <p className="px-4 py-6 text-sm text-ink-500">{t('noReplays')}</p>
          ) : (
            <ul className="divide-y divide-line">
              {replays.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(item)}
                    aria-current={replay?.id === item.id ? 'true' : undefined}
                    className="block w-full px-4 py-3 text-left hover:bg-canvas aria-[current]:bg-brand-50"
                  >
                    <span
                      className="block truncate text-sm font-medium text-ink-900"
                      title={item.title || t('untitled')}
                    >
                      {item.title || t('untitled')}
                    </span>
                    <span className="mt-0.5 flex justify-between text-xs text-ink-500">
                      <span>
                        <LocalTime at={item.started_at} style="dateTime" />
                      </span>
                      <span className="tabular-nums">{formatDuration(item.duration_seconds)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}
