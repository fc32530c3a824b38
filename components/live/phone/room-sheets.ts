// Which of the phone room's bottom sheets is open and which tab shows: set by the action strip, the
// landscape gift button and the tab bar, read by the components that own each sheet (the gift bar, the
// fan club, the fun-guess card), which stay mounted while their sheet is closed.
import { atom, useAtom } from 'jotai';
import { appStore } from '@/lib/store/atoms';

export type RoomSheet = 'gifts' | 'backpack' | 'fanClub' | 'guess';
export type RoomTab = 'chat' | 'anchor' | 'rank';

export const roomSheetAtom = atom<RoomSheet | null>(null);
export const roomTabAtom = atom<RoomTab>('chat');

export const openRoomSheet = (sheet: RoomSheet) => appStore.set(roomSheetAtom, sheet);

/** The sheet open now (one at a time) and a setter that closes it. */
export function useRoomSheet() {
  const [sheet, setSheet] = useAtom(roomSheetAtom, { store: appStore });
  return { sheet, close: () => setSheet(null) };
}

export const useRoomTab = () => useAtom(roomTabAtom, { store: appStore });
