// Whether the private-chat overlay is open, and with whom: set by the top bar's entry and by the
// "message" button of a user's card in room chat.
import { atom } from 'jotai';
import { appStore } from '@/lib/store/atoms';

export type ImOverlay = { open: boolean; peerId?: number };

export const imOverlayAtom = atom<ImOverlay>({ open: false });

/** Opens the overlay, on the conversation with `peerId` when given. */
export function openPrivateChat(peerId?: number) {
  appStore.set(imOverlayAtom, { open: true, peerId });
}
