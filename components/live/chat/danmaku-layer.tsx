// Danmaku over the video (spec §2, §3): the room's chat lines fly across the stage while the viewer
// has danmaku on, in the chosen area, size and opacity. It follows the stage's <video>: paused video,
// paused danmaku. Mounted inside the stage's positioned box.
import { useEffect, useRef } from 'react';
import { onHeldGoal } from '@/lib/scores/spoiler-hold';
import { appStore, currentUserAtom } from '@/lib/store/atoms';
import { listenToChannel } from './channel-socket';
import { DanmakuEngine } from './danmaku-engine';
import { useDanmakuSettings } from './danmaku-settings';

export function DanmakuLayer({ roomId }: { roomId: number }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<DanmakuEngine | null>(null);
  const [settings] = useDanmakuSettings();

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const engine = new DanmakuEngine(host);
    engineRef.current = engine;
    const resize = new ResizeObserver(() => engine.resize());
    resize.observe(host);

    // The player mounts its <video> later (and anew when the mode changes): follow whichever is there.
    const stage = host.parentElement!;
    let video: HTMLVideoElement | null = null;
    const sync = () => (video?.paused ? engine.pause() : engine.resume());
    const watchVideo = () => {
      const found = stage.querySelector('video');
      if (found === video) return;
      video?.removeEventListener('pause', sync);
      video?.removeEventListener('play', sync);
      video = found;
      video?.addEventListener('pause', sync);
      video?.addEventListener('play', sync);
      sync();
    };
    const observer = new MutationObserver(watchVideo);
    observer.observe(stage, { childList: true, subtree: true });
    watchVideo();

    const stop = listenToChannel({ kind: 'live', id: roomId }, (message) => {
      if (message.type === 'chat' && host.dataset.show === 'true') {
        engine.push(message.data.content, {
          own: message.data.user_id === appStore.get(currentUserAtom)?.id,
        });
      }
    });
    // Match events of the bound match, when this viewer's video shows them (no spoilers).
    const stopGoals = onHeldGoal((goal) => {
      if (host.dataset.show === 'true')
        engine.push(
          `⚽ ${goal.match_str} ${goal.home_team_name_zh} ${goal.home_score}-${goal.away_score} ${goal.away_team_name_zh}`,
          {
            own: true,
          },
        );
    });
    return () => {
      stop();
      stopGoals();
      observer.disconnect();
      resize.disconnect();
      video?.removeEventListener('pause', sync);
      video?.removeEventListener('play', sync);
      engine.destroy();
      engineRef.current = null;
    };
  }, [roomId]);

  useEffect(() => {
    engineRef.current?.setSettings(settings);
    if (!settings.show) engineRef.current?.clear();
  }, [settings]);

  return (
    <div
      ref={hostRef}
      data-show={settings.show ? 'true' : 'false'}
      className="pointer-events-none absolute inset-0 z-[5] overflow-clip"
    />
  );
}
