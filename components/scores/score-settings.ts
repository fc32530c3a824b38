// The scores settings of spec §3, kept in localStorage under the spec's keys: `game` (alerts) and
// `immediately` (what the list shows). What each switch does:
// - game.red / game.yellow: a short alert when a match on the open list gets a red / yellow card;
// - game.voice: the goal sound (6 s) with the goal pop-up;
// - game.voice1: pop-up, sound and card alerts only for the reader's favourite matches;
// - immediately.value1: odds columns; value2: red and yellow cards; value3: corners;
//   value4: half-time score.
import { atom } from 'jotai';
import { appStore } from '@/lib/store/atoms';

export const GAME_KEY = 'game';
export const IMMEDIATELY_KEY = 'immediately';

export const DEFAULT_GAME = { red: true, voice: false, yellow: true, voice1: false };
export const DEFAULT_IMMEDIATELY = { value1: true, value2: true, value3: false, value4: false };
export type GameSettings = typeof DEFAULT_GAME;
export type DisplaySettings = typeof DEFAULT_IMMEDIATELY;
export type ScoreSettings = { game: GameSettings; immediately: DisplaySettings };

export const scoreSettingsAtom = atom<ScoreSettings>({
  game: DEFAULT_GAME,
  immediately: DEFAULT_IMMEDIATELY,
});

function read<T extends Record<string, boolean>>(key: string, defaults: T): T {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    if (!stored || typeof stored !== 'object') return defaults;
    const merged = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof T)[]) {
      if (typeof stored[name as string] === 'boolean') merged[name] = stored[name as string] as T[keyof T];
    }
    return merged;
  } catch {
    return defaults;
  }
}

/** Reads the stored switches (after hydration: the server renders the defaults). */
export function loadScoreSettings() {
  const settings = {
    game: read(GAME_KEY, DEFAULT_GAME),
    immediately: read(IMMEDIATELY_KEY, DEFAULT_IMMEDIATELY),
  };
  appStore.set(scoreSettingsAtom, settings);
  return settings;
}

export function saveScoreSettings(settings: ScoreSettings) {
  localStorage.setItem(GAME_KEY, JSON.stringify(settings.game));
  localStorage.setItem(IMMEDIATELY_KEY, JSON.stringify(settings.immediately));
  appStore.set(scoreSettingsAtom, settings);
}
