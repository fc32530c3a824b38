// What a gift send carries through the service (lib/gifts/service.ts) and the group commit that writes
// sends in batches (lib/gifts/group-commit.ts): their own module, so neither imports the other's types.
import type { SessionUser } from '@/lib/api/context';
import type { ChatMessage } from '@/lib/realtime/events';
import type { OperationOutcome } from '@/lib/wallet/ledger';
import type { gifts } from './schema';

export type SendGiftInput = {
  senderId: number;
  /** The sender as their gift line in the room's chat shows them. */
  sender: Pick<SessionUser, 'id' | 'nickname' | 'avatar' | 'experience' | 'isAnchor' | 'role'>;
  roomId: number;
  giftId: number;
  count: number;
  fromBackpack: boolean;
  /** The client's idempotency key for this click (a retry sends the same). */
  key: string;
  /** The anchor's share of a gift's value, in percent (config GIFT_ANCHOR_SHARE). */
  anchorShare: number;
  now: Date;
};

export type SendGiftResult = {
  send_id: number;
  room_id: number;
  anchor_id: number;
  gift_id: number;
  count: number;
  value: number;
  anchor_income: number;
  combo: number;
  from_backpack: boolean;
  /** The sender's star diamonds after the send. */
  balance: number;
  /** The gift's line in the room's chat (stored with the send). */
  chat?: ChatMessage;
};

export type CatalogGift = typeof gifts.$inferSelect;

/** A send that passed the checks made before any write, with what it is worth. */
export type CheckedSend = {
  input: SendGiftInput;
  gift: CatalogGift;
  anchorId: number;
  /** Star diamonds (price × count). */
  value: number;
  /** The anchor's yellow diamonds. */
  anchorIncome: number;
  /** The sender's experience, in tenths. */
  experience: number;
  /** A send of the same gift to the same room since then continues the sender's combo. */
  comboSince: Date;
};

export type SendGiftOutcome = OperationOutcome<SendGiftResult> & { gift: CatalogGift };
