// Tourist chat accounts (spec §3, §4 guest): a guest who is not signed in chats under one of these
// until they log in.
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '@/lib/db';
import { signChatId } from './chat-signature';
import { touristAccounts } from './schema';

export async function createTouristAccount(db: DbOrTx, now: Date) {
  const id = `tourist_${randomBytes(8).toString('hex')}`;
  const sig = await signChatId(db, id, now.getTime());
  await db.insert(touristAccounts).values({ id, sigHash: createHash('sha256').update(sig).digest('hex') });
  return { id, sig };
}
