// What the browser keeps about accounts (spec §3 local settings, §4 logged in / guest): the signed-in
// user in session storage, the last account and the invite code in local storage, the guest's
// tourist chat account until login.
import { appStore, currentUserAtom, type StoredUser, USER_STORAGE_KEY } from '@/lib/store/atoms';

const ACCOUNT_KEY = 'account';
const INVITE_KEY = 'inviteCode';
const TOURIST_KEY = 'touristAccount';

export function storeSignedInUser(user: StoredUser) {
  sessionStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  localStorage.removeItem(TOURIST_KEY);
  appStore.set(currentUserAtom, user);
}

export function clearSignedInUser() {
  sessionStorage.removeItem(USER_STORAGE_KEY);
  localStorage.removeItem(USER_STORAGE_KEY);
  appStore.set(currentUserAtom, null);
}

/** The last number used to log in, as the form sends it (`86-13800000001`). */
export const rememberedAccount = () => localStorage.getItem(ACCOUNT_KEY) ?? '';
export const rememberAccount = (mobile: string) => localStorage.setItem(ACCOUNT_KEY, mobile);

export const storedInviteCode = () => localStorage.getItem(INVITE_KEY) ?? '';
export const storeInviteCode = (code: string) => localStorage.setItem(INVITE_KEY, code);

export type TouristAccount = { id: string; sig: string };

export function storedTouristAccount(): TouristAccount | null {
  try {
    return JSON.parse(localStorage.getItem(TOURIST_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export const storeTouristAccount = (account: TouristAccount) =>
  localStorage.setItem(TOURIST_KEY, JSON.stringify(account));
