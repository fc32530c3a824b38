// The viewer's danmaku settings (spec §3: show, area 3, size 2, opacity 100), kept in localStorage
// under `danmaku` and shared by the settings menu and the layer over the video.
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import { appStore } from '@/lib/store/atoms';
import { DANMAKU_DEFAULTS, type DanmakuSettings } from './danmaku-engine';

export const DANMAKU_STORAGE_KEY = 'danmaku';
export type StoredDanmaku = DanmakuSettings & { show: boolean };

function read(): StoredDanmaku {
  try {
    const raw = JSON.parse(
      localStorage.getItem(DANMAKU_STORAGE_KEY) ?? 'null',
    ) as Partial<StoredDanmaku> | null;
    if (!raw || typeof raw !== 'object') return DANMAKU_DEFAULTS;
    return {
      show: typeof raw.show === 'boolean' ? raw.show : DANMAKU_DEFAULTS.show,
      area: [1, 2, 3, 4].includes(raw.area as number)
        ? (raw.area as StoredDanmaku['area'])
        : DANMAKU_DEFAULTS.area,
      size: [1, 2, 3].includes(raw.size as number)
        ? (raw.size as StoredDanmaku['size'])
        : DANMAKU_DEFAULTS.size,
      opacity:
        typeof raw.opacity === 'number' && raw.opacity >= 10 && raw.opacity <= 100
          ? Math.round(raw.opacity)
          : DANMAKU_DEFAULTS.opacity,
    };
  } catch {
    return DANMAKU_DEFAULTS;
  }
}

const settingsAtom = atom<StoredDanmaku | null>(null);

/** The settings (defaults until read from storage after hydration) and a setter that stores them. */
export function useDanmakuSettings() {
  const [stored, setStored] = useAtom(settingsAtom, { store: appStore });
  useEffect(() => {
    if (appStore.get(settingsAtom) === null) setStored(read());
  }, [setStored]);
  const settings = stored ?? DANMAKU_DEFAULTS;
  const update = (changes: Partial<StoredDanmaku>) => {
    const next = { ...settings, ...changes };
    localStorage.setItem(DANMAKU_STORAGE_KEY, JSON.stringify(next));
    setStored(next);
  };
  return [settings, update] as const;
}
