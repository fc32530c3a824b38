// Signatures for the chat service (spec §3 `userSig` of a user, `sig` of a tourist account): an HMAC
// over the chat id and an expiry, so any node can check one without a lookup.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@/lib/db';
import { secretFor } from '@/lib/system/secrets';

export const CHAT_SIGNATURE_DAYS = 30;

export async function signChatId(db: DbOrTx, chatId: string, now: number) {
  const expires = Math.floor(now / 1000) + CHAT_SIGNATURE_DAYS * 24 * 3600;
  const mac = createHmac('sha256', await secretFor(db, 'chat'))
    .update(`${chatId}.${expires}`)
    .digest('base64url');
  return `${expires}.${mac}`;
}

export async function verifyChatSignature(db: DbOrTx, chatId: string, signature: string, now: number) {
  const [expires, mac] = signature.split('.');
  if (!expires || !mac || Number(expires) * 1000 < now) return false;
  const expected = createHmac('sha256', await secretFor(db, 'chat'))
    .update(`${chatId}.${expires}`)
    .digest('base64url');
  return expected.length === mac.length && timingSafeEqual(Buffer.from(expected), Buffer.from(mac));
}

/** Chat ids: users by their id, tourists by their tourist id. */
export const userChatId = (userId: number) => String(userId);
