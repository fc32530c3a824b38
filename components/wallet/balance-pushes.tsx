// Pushes that mean the signed-in user's balances moved (their gift, earnings from a gift to them,
// their horn, their red envelope — maybe sent from another tab) refresh the shared balances query.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerMessage } from '@/lib/realtime/events';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';
import { balancesChanged } from '@/lib/wallet/queries';

/** Whether a push names `userId` as someone whose money moved. */
export function movesMoneyOf(message: ServerMessage | undefined, userId: number) {
  if (!message) return false;
  switch (message.type) {
    case 'gift': {
      const data = message.data as { sender?: { id?: number }; anchor_id?: number } | undefined;
      return data?.sender?.id === userId || data?.anchor_id === userId;
    }
    case 'horn':
      return message.data.user_id === userId;
    case 'redEnvelope':
      return message.data.sender.id === userId;
    default:
      return false;
  }
}

const KINDS = ['gift', 'horn', 'redEnvelope'] as const;

export function BalancePushes({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const last = new Map(KINDS.map((kind) => [kind, appStore.get(realtimeMessagesAtom)[kind]]));
    return appStore.sub(realtimeMessagesAtom, () => {
      const messages = appStore.get(realtimeMessagesAtom);
      for (const kind of KINDS) {
        const message = messages[kind];
        if (message === last.get(kind)) continue;
        last.set(kind, message);
        if (movesMoneyOf(message, userId)) balancesChanged(queryClient, undefined, { afterPush: true });
      }
    });
  }, [userId, queryClient]);
  return null;
}
