// The optional Tencent Cloud Chat provider (IM_PROVIDER=tencent), loaded only when configured:
// `tim-js-sdk` logs in with the UserSig from `api/im/credentials`, each room chat is an AVChatRoom group
// (`imGroupIdOf`), and a line the portal accepted is relayed into the group as a custom message carrying
// the portal's push, so every viewer renders it the same way. Moderation pushes (deletions, mutes,
// notices) still come over the portal's socket. UNTESTED against the live service: Tencent cannot be
// reached from the development machine (see lib/im/README.md).
import type { ServerMessage } from '@/lib/realtime/events';
import { type ImChannel, type ImCredentials, type ImProvider, imGroupIdOf } from './provider';
import { listenOnSocket } from './socket-provider';

type TimMessage = { to: string; type: string; payload?: { data?: string } };

export async function createTencentProvider(credentials: ImCredentials): Promise<ImProvider> {
  const { default: TIM } = await import('tim-js-sdk');
  const tim = TIM.create({ SDKAppID: credentials.sdk_app_id! });
  const ready = new Promise<void>((resolve) => tim.on(TIM.EVENT.SDK_READY, () => resolve()));
  await tim.login({ userID: credentials.chat_id, userSig: credentials.sig });
  await ready;
  const joined = new Set<string>();
  const join = async (group: string) => {
    if (joined.has(group)) return;
    joined.add(group);
    await tim.joinGroup({ groupID: group, type: TIM.TYPES.GRP_AVCHATROOM });
  };

  return {
    name: 'tencent',
    listen(channel, listener) {
      const group = imGroupIdOf(channel);
      void join(group);
      const onMessages = (event: { data: TimMessage[] }) => {
        for (const message of event.data) {
          if (message.to !== group || message.type !== TIM.TYPES.MSG_CUSTOM || !message.payload?.data)
            continue;
          try {
            listener(JSON.parse(message.payload.data) as ServerMessage);
          } catch {
            // Not one of the portal's lines.
          }
        }
      };
      tim.on(TIM.EVENT.MESSAGE_RECEIVED, onMessages);
      const stopSocket = listenOnSocket(channel, (message) => {
        if (message.type !== 'chat') listener(message);
      });
      return () => {
        tim.off(TIM.EVENT.MESSAGE_RECEIVED, onMessages);
        stopSocket();
      };
    },
    async relay(channel: ImChannel, message: ServerMessage) {
      const group = imGroupIdOf(channel);
      await join(group);
      await tim.sendMessage(
        tim.createCustomMessage({
          to: group,
          conversationType: TIM.TYPES.CONV_GROUP,
          payload: { data: JSON.stringify(message) },
        }),
      );
    },
    async close() {
      for (const group of joined) await tim.quitGroup(group).catch(() => undefined);
      await tim.logout();
      await tim.destroy();
    },
  };
}
