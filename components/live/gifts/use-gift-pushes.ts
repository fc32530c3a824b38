// Calls `onGift` for every `gift` push of one room (the page's stage joins the room's channel).
import { useEffect, useRef } from 'react';
import { type GiftPush, giftPushSchema } from '@/lib/realtime/events';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';

export function useGiftPushes(roomId: number, onGift: (gift: GiftPush) => void) {
  const handler = useRef(onGift);
  handler.current = onGift;
  useEffect(() => {
    let last: unknown = appStore.get(realtimeMessagesAtom).gift;
    return appStore.sub(realtimeMessagesAtom, () => {
      const message = appStore.get(realtimeMessagesAtom).gift as
        | { room_id: number; data: unknown }
        | undefined;
      if (!message || message === last) return;
      last = message;
      if (message.room_id !== roomId) return;
      const parsed = giftPushSchema.safeParse(message.data);
      if (parsed.success) handler.current(parsed.data);
    });
  }, [roomId]);
}
