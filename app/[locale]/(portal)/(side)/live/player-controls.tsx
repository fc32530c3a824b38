// The player's own controls, an overlay inside the stage box (so they stay in full screen), made for
// live: play/pause, volume and mute, the 直播 mark and 回到直播 when the viewer is behind the live
// edge — no seek bar and no elapsed time on a live stream —, 弹幕 on/off and its settings, 网页全屏 (the
// box fills the window, Esc leaves) and full screen (the Fullscreen API on the box, so danmaku, gift
// effects and these controls stay visible). It follows whichever <video> the stage holds (the player
// mounts it later, anew when the mode changes), like the danmaku layer. Light: it renders after the
// page's first frame (the app is held until then, lib/media/app-hold.ts), nothing of it is on the
// first frame's path. A replay keeps video.js's own bar (seek bar, time): only the box's buttons show.
// Quality: the engine offers one rendition per room (the push as sent, HTTP-FLV and an HLS copy of the
// same stream), so there is no quality menu; the low-latency/standard choice stays in the stage header.
import {
  Maximize,
  Maximize2,
  MessageSquareOff,
  MessageSquareText,
  Minimize,
  Minimize2,
  Pause,
  Play,
  SlidersHorizontal,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Popover, Slider } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { DanmakuSettingsFields } from '@/components/live/chat/danmaku-menu';
import { useDanmakuSettings } from '@/components/live/chat/danmaku-settings';
import { cn } from '@/lib/cn';

/**
 * How far behind the newest media the viewer may play before 回到直播 shows: HTTP-FLV plays about a
 * second behind what it has; HLS (VHS) starts three 2 s segments from the playlist's end.
 */
const BEHIND_SECONDS = { flv: 3, hls: 10 } as const;
/** Where 回到直播 puts the viewer, before the newest media. */
const EDGE_MARGIN = { flv: 0.5, hls: 6 } as const;

/** The newest media time the element can play (the end of what is buffered or seekable). */
function liveEdge(video: HTMLVideoElement) {
  let edge = 0;
  for (const ranges of [video.buffered, video.seekable]) {
    if (ranges.length) {
      const end = ranges.end(ranges.length - 1);
      if (Number.isFinite(end)) edge = Math.max(edge, end);
    }
  }
  return edge;
}

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

type Props = {
  /** The stage box: full screen, popovers and the video all live in it. */
  box: HTMLElement | null;
  /** Live playback: the full bar. Otherwise (a replay, a cover) only the box's own buttons. */
  live: boolean;
  /** The live engine: sets how far behind the edge counts as behind. */
  mode: 'flv' | 'hls';
  webFull: boolean;
  onWebFull: (on: boolean) => void;
};

export function PlayerControls({ box, live, mode, webFull, onWebFull }: Props) {
  const t = useTranslations('live.playerControls');
  const tLive = useTranslations('live');
  const tChat = useTranslations('chat');
  const [danmaku, updateDanmaku] = useDanmakuSettings();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [paused, setPaused] = useState(false);
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(1);
  const [behind, setBehind] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  // The stage's <video>, whichever it is now.
  useEffect(() => {
    if (!box || !live) return;
    const find = () => setVideo(box.querySelector('video'));
    const observer = new MutationObserver(find);
    observer.observe(box, { childList: true, subtree: true });
    find();
    return () => observer.disconnect();
  }, [box, live]);

  // Its state, and how far behind the live edge it plays (checked every second: the edge moves on
  // without an event the viewer would see).
  useEffect(() => {
    if (!video || !live) return;
    const sync = () => {
      setPaused(video.paused);
      setMuted(video.muted || video.volume === 0);
      setVolume(video.volume);
      setBehind(liveEdge(video) - video.currentTime > BEHIND_SECONDS[mode]);
    };
    const events = ['play', 'pause', 'playing', 'volumechange', 'seeked'] as const;
    for (const name of events) video.addEventListener(name, sync);
    const timer = setInterval(sync, 1000);
    sync();
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
      clearInterval(timer);
    };
  }, [video, live, mode]);

  // Full screen follows the browser (Esc, the system's own exit).
  useEffect(() => {
    const sync = () => setFullscreen(Boolean(box) && document.fullscreenElement === box);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [box]);

  // Esc leaves 网页全屏 (in full screen the browser's Esc leaves full screen first).
  useEffect(() => {
    if (!webFull) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.fullscreenElement) onWebFull(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [webFull, onWebFull]);

  const togglePlay = useCallback(() => {
    if (!video) return;
    if (video.paused) void video.play().catch(() => {});
    else video.pause();
  }, [video]);

  const backToLive = () => {
    if (!video) return;
    const edge = liveEdge(video);
    if (edge > 0) video.currentTime = Math.max(0, edge - EDGE_MARGIN[mode]);
    void video.play().catch(() => {});
    setBehind(false);
  };

  const toggleMute = () => {
    if (!video) return;
    if (video.muted || video.volume === 0) {
      video.muted = false;
      if (video.volume === 0) video.volume = 0.5;
    } else video.muted = true;
  };

  const setLevel = (level: number) => {
    if (!video) return;
    video.volume = level;
    video.muted = level === 0;
  };

  const toggleFullscreen = () => {
    if (!box) return;
    if (document.fullscreenElement === box) void document.exitFullscreen().catch(() => {});
    else void box.requestFullscreen().catch(() => {});
  };

  const boxButtons = (
    <>
      <button
        type="button"
        aria-pressed={danmaku.show}
        aria-label={danmaku.show ? t('danmakuOff') : t('danmakuOn')}
        title={danmaku.show ? t('danmakuOff') : t('danmakuOn')}
        onClick={() => updateDanmaku({ show: !danmaku.show })}
        data-testid="danmaku-toggle"
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-xs font-medium',
          danmaku.show
            ? 'bg-brand-500 text-white hover:bg-brand-600'
            : 'text-white/90 hover:bg-white/15 hover:text-white',
        )}
      >
        {danmaku.show ? (
          <MessageSquareText aria-hidden className="size-4" />
        ) : (
          <MessageSquareOff aria-hidden className="size-4" />
        )}
        {tChat('danmaku')}
      </button>
      <Popover.Root>
        <Popover.Trigger
          aria-label={tChat('danmakuSettings')}
          title={tChat('danmakuSettings')}
          className={iconButton}
          data-testid="danmaku-settings"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
        </Popover.Trigger>
        {/* Inside the box: what is outside it does not show in full screen. */}
        <Popover.Portal container={box}>
          <Popover.Content
            side="top"
            align="end"
            sideOffset={8}
            className="z-50 w-64 space-y-3 rounded-xl border border-line bg-surface p-4 text-sm shadow-lg"
          >
            <DanmakuSettingsFields />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <button
        type="button"
        aria-pressed={webFull}
        aria-label={webFull ? t('exitWebFullscreen') : t('webFullscreen')}
        title={webFull ? t('exitWebFullscreen') : t('webFullscreen')}
        onClick={() => onWebFull(!webFull)}
        data-testid="web-fullscreen"
        className={iconButton}
      >
        {webFull ? (
          <Minimize2 aria-hidden className="size-4" />
        ) : (
          <Maximize2 aria-hidden className="size-4" />
        )}
      </button>
      <button
        type="button"
        aria-pressed={fullscreen}
        aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}
        title={fullscreen ? t('exitFullscreen') : t('fullscreen')}
        onClick={toggleFullscreen}
        data-testid="fullscreen"
        className={iconButton}
      >
        {fullscreen ? (
          <Minimize aria-hidden className="size-5" />
        ) : (
          <Maximize aria-hidden className="size-5" />
        )}
      </button>
    </>
  );

  if (!live) {
    // A replay's video.js bar (seek bar, time, its own buttons) sits at the bottom: the box's buttons
    // go to the top right.
    return (
      <div
        role="toolbar"
        aria-label={t('controls')}
        data-testid="player-controls"
        className="absolute top-2 right-2 z-20 flex items-center gap-1 rounded-lg bg-night/60 p-1"
      >
        {boxButtons}
      </div>
    );
  }

  return (
    <>
      {video && paused ? (
        <button
          type="button"
          aria-label={t('play')}
          onClick={togglePlay}
          className="absolute top-1/2 left-1/2 z-20 inline-flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-night/70 text-white hover:bg-brand-500"
        >
          <Play aria-hidden className="size-8 translate-x-0.5" />
        </button>
      ) : null}
      <div
        role="toolbar"
        aria-label={t('controls')}
        data-testid="player-controls"
        className={cn(
          'absolute inset-x-0 bottom-0 z-20 flex h-12 items-center gap-1 bg-gradient-to-t from-night/85 to-transparent px-2 pt-2 transition-opacity duration-200',
          // Shown while the pointer is over the box, a control has focus or the video is paused.
          paused ? 'opacity-100' : 'opacity-0 group-hover/stage:opacity-100 focus-within:opacity-100',
        )}
      >
        <button
          type="button"
          aria-label={paused ? t('play') : t('pause')}
          title={paused ? t('play') : t('pause')}
          onClick={togglePlay}
          disabled={!video}
          data-testid="play-toggle"
          className={iconButton}
        >
          {paused ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
        </button>
        <div className="group/volume flex items-center">
          <button
            type="button"
            aria-label={muted ? t('unmute') : t('mute')}
            title={muted ? t('unmute') : t('mute')}
            onClick={toggleMute}
            disabled={!video}
            data-testid="mute-toggle"
            className={iconButton}
          >
            {muted ? <VolumeX aria-hidden className="size-5" /> : <Volume2 aria-hidden className="size-5" />}
          </button>
          <Slider.Root
            value={[muted ? 0 : Math.round(volume * 100)]}
            onValueChange={([level]) => setLevel((level ?? 0) / 100)}
            max={100}
            step={5}
            disabled={!video}
            className="relative ml-1 flex h-5 w-20 touch-none items-center select-none"
            data-testid="volume"
          >
            <Slider.Track className="relative h-1 grow rounded-full bg-white/30">
              <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
            </Slider.Track>
            <Slider.Thumb
              aria-label={t('volume')}
              className="block size-3 rounded-full bg-white shadow focus-visible:outline-2 focus-visible:outline-brand-400"
            />
          </Slider.Root>
        </div>
        <span
          data-testid="live-mark"
          className={cn(
            'ml-2 inline-flex h-6 items-center gap-1.5 rounded px-2 text-xs font-semibold tracking-wide text-white',
            behind ? 'bg-white/20' : 'bg-live',
          )}
        >
          <span className={cn('size-1.5 rounded-full', behind ? 'bg-white/60' : 'bg-white')} />
          {t('liveMark')}
        </span>
        {behind ? (
          <button
            type="button"
            onClick={backToLive}
            data-testid="back-to-live"
            title={t('behindLive')}
            className="ml-1 h-7 rounded-md bg-live px-2.5 text-xs font-medium text-white hover:bg-live/85"
          >
            {tLive('backToLive')}
          </button>
        ) : null}
        <div className="ml-auto flex items-center gap-1">{boxButtons}</div>
      </div>
    </>
  );
}
