'use client';
// The live room's online list (spec §5 noble "VIP seat"): signed-in viewers with nobles seated first,
// highest tier first, and how many guests watch besides; refreshed on every entry and every 30 seconds.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { NobleBadge } from '@/components/live/chat/noble-badge';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';

type Online = {
  guests: number;
  list: { user_id: number; nickname: string; avatar: string; noble: number }[];
};

export function OnlineList({ roomId }: { roomId: number }) {
  const t = useTranslations('nobility');
  const queryClient = useQueryClient();
  // Someone entered: the list is read again (the gateway knows who is in the room).
  useEffect(() => {
    let last: unknown = appStore.get(realtimeMessagesAtom).enterRoom;
    return appStore.sub(realtimeMessagesAtom, () => {
      const message = appStore.get(realtimeMessagesAtom).enterRoom as { room_id: number } | undefined;
      if (!message || message === last) return;
      last = message;
      if (message.room_id === roomId)
        void queryClient.invalidateQueries({ queryKey: ['room', 'online', roomId] });
    });
  }, [roomId, queryClient]);
  const { data } = useQuery({
    queryKey: ['room', 'online', roomId],
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<Online>('api/Guard/roomOnline', { room_id: roomId }, { silent: true });
    },
    refetchInterval: 30_000,
  });
  return (
    <SidePanel id="online-title" title={t('online')} icon={Users} testId="online-list">
      {!data ? (
        <div className="space-y-2 p-4">
          <Skeleton className="h-7 rounded" />
          <Skeleton className="h-7 rounded" />
        </div>
      ) : data.list.length === 0 ? (
        <SidePanelEmpty title={t('onlineEmpty')} hint={t('guests', { count: data.guests })} />
      ) : (
        <>
          <ul className="max-h-64 divide-y divide-line overflow-y-auto px-4">
            {data.list.map((viewer) => (
              <li
                key={viewer.user_id}
                className="flex h-10 items-center gap-2 text-sm"
                data-testid="online-viewer"
              >
                <img
                  src={viewer.avatar}
                  alt=""
                  width={24}
                  height={24}
                  className="size-6 rounded-full bg-canvas"
                />
                <span className="min-w-0 flex-1 truncate text-ink-700" title={viewer.nickname}>
                  {viewer.nickname}
                </span>
                {viewer.noble ? <NobleBadge tier={viewer.noble} /> : null}
              </li>
            ))}
          </ul>
          {data.guests ? (
            <p className="border-t border-line px-4 py-2 text-xs text-ink-500">
              {t('guests', { count: data.guests })}
            </p>
          ) : null}
        </>
      )}
    </SidePanel>
  );
}
