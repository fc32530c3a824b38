// Listens to one chat's pushes (chat lines, deletions, mutes, administrators, entries) through the
// page's IM provider (lib/im: the built-in socket.io gateway, or Tencent Cloud Chat when configured).
import { imProvider } from '@/lib/im/client';
import type { ServerMessage } from '@/lib/realtime/events';

export type ChatChannel = { kind: 'live' | 'match'; id: number };

export const channelParams = (channel: ChatChannel) =>
  channel.kind === 'live' ? { room_id: channel.id } : { match_id: channel.id };

export function listenToChannel(channel: ChatChannel, listener: (message: ServerMessage) => void) {
  let stop = () => {};
  let cancelled = false;
  void imProvider().then((provider) => {
    if (!cancelled) stop = provider.listen(channel, listener);
  });
  return () => {
    cancelled = true;
    stop();
  };
}

/** After the portal accepted a line: the provider carries it to viewers (the built-in one already has). */
export function relayToChannel(channel: ChatChannel, message: ServerMessage) {
  void imProvider().then((provider) => provider.relay(channel, message).catch(() => undefined));
}
