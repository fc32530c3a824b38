// The IM provider interface (issue 11 item 8): how a browser receives a room chat's pushes and joins
// its chat. The built-in provider is the portal's socket.io gateway (lib/realtime), authenticated with
// the accounts' chat signatures (`userSig` of a user, `sig` of a tourist: lib/accounts/chat-signature);
// the optional Tencent Cloud Chat provider (IM_PROVIDER=tencent) logs in with a Tencent UserSig and
// maps each room chat to an AVChatRoom group. Sends always go through the portal's API first (stored,
// screened for sensitive words, rate-limited); a provider only carries the accepted line to viewers.
// This covers room chat only (private messages are a separate module).
import type { ServerMessage } from '@/lib/realtime/events';

export type ImProviderName = 'socket' | 'tencent';
export type ImChannel = { kind: 'live' | 'match'; id: number };

/** What the browser gets from `api/im/credentials` to log in to its provider. */
export type ImCredentials = {
  provider: ImProviderName;
  /** The chat identity: a user's id, or a tourist id. */
  chat_id: string;
  /** The portal's signature (socket) or a Tencent UserSig (tencent). */
  sig: string;
  /** Tencent's SDKAppID; null for the built-in provider. */
  sdk_app_id: number | null;
};

export interface ImProvider {
  readonly name: ImProviderName;
  /** Receives every push of one room chat (lines, deletions, mutes, notices); returns a stop function. */
  listen(channel: ImChannel, listener: (message: ServerMessage) => void): () => void;
  /** Hands a line the portal accepted to the provider's delivery (the built-in gateway already pushed it). */
  relay(channel: ImChannel, message: ServerMessage): Promise<void>;
  /** Logs out and leaves every group. */
  close(): Promise<void>;
}

/** The AVChatRoom group of a room chat (Tencent group ids: letters, digits, `_`, at most 48). */
export const imGroupIdOf = (channel: ImChannel) => `${channel.kind}_${channel.id}`;
