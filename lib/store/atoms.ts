// Small client state shared across islands (spec §3). Server data lives in TanStack Query, not here;
// these hold what the browser itself owns: the signed-in marker, pushes as they arrive, prompts.
import { atom, createStore } from 'jotai';
import type { ServerMessage, ServerMessageType } from '@/lib/realtime/events';

/** One store for React and for non-React code (the shared HTTP client, the realtime client). */
export const appStore = createStore();

export type StoredUser = {
  id: number;
  user_nickname: string;
  avatar: string;
  is_anchor: 0 | 1;
  exp_icon?: string;
  balance?: number;
};

export const USER_STORAGE_KEY = 'userInfo';

/** The signed-in user as kept in the session (spec §4 "user data stored in the session"). */
export const currentUserAtom = atom<StoredUser | null>(null);
/** Set by a code 700 answer: the next action that needs login opens the login dialog. */
export const loginNeededAtom = atom(false);
export type LoginMode = 'qr' | 'code' | 'register' | 'forgot';
/** The login dialog's mode while it is open (spec §4 login dialog modes); null when closed. */
export const loginDialogAtom = atom<LoginMode | null>(null);
/**
 * The mode the login dialog opens in: the QR code for a mouse, the password form on a touch screen (a
 * phone cannot scan its own screen; the QR tab is one tap away).
 */
export const firstLoginMode = (): LoginMode =>
  typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches ? 'code' : 'qr';
/** Opens the login dialog at its first mode (every "log in" entry and "log in to …" prompt). */
export const openLoginDialog = () => appStore.set(loginDialogAtom, firstLoginMode());
/** Codes 50008/50012/50014 ask whether to log in again. */
export const reloginPromptAtom = atom(false);

/** The latest realtime message of each type (spec §7 "stored under their type"). */
export const realtimeMessagesAtom = atom<Partial<Record<ServerMessageType, ServerMessage>>>({});
/** Code-100 pushes: football and basketball odds/match data, e-sports data. */
export const sportsPushAtom = atom<{ football?: unknown; basketball?: unknown; esports?: unknown }>({});
/** Code-200 QR-login progress. */
export const loginStatusAtom = atom<'waiting' | 'scanned' | 'success'>('waiting');
export const realtimeConnectedAtom = atom(false);
