// What the signed-in viewer may do in a chat (their role, a mute, slow mode, fans-only): one query per chat
// and viewer, refetched when a push says their mute or administrator role changed (./use-chat-feed.ts).
import { useQuery } from '@tanstack/react-query';
import type { ChatChannel } from './channel-socket';
import { channelParams } from './channel-socket';
import type { ChatViewer } from './user-card';

export type ViewerState = {
  role: ChatViewer['role'];
  muted: boolean;
  muted_until: string | null;
  slow_mode_seconds: number;
  fans_only?: boolean;
  may_speak?: boolean;
};

export const chatViewerKey = (channel: ChatChannel, viewerId: number | null) =>
  ['chat', 'viewer', channel.kind, channel.id, viewerId ?? 0] as const;

export function useChatViewerState(channel: ChatChannel, viewerId: number | null) {
  return useQuery({
    queryKey: chatViewerKey(channel, viewerId),
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return api.get<ViewerState>('api/chat/viewerState', channelParams(channel), { silent: true });
    },
    enabled: viewerId !== null,
  });
}
