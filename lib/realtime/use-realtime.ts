// `useRealtime('goal')`: the latest message of one type, for client islands.
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useMemo } from 'react';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';
import type { ServerMessage, ServerMessageType } from './events';

export function useRealtime<T extends ServerMessageType>(type: T) {
  const atom = useMemo(() => selectAtom(realtimeMessagesAtom, (messages) => messages[type]), [type]);
  return useAtomValue(atom, { store: appStore }) as Extract<ServerMessage, { type: T }> | undefined;
}
