// Chat credentials for the configured IM provider. Built-in: the portal's own HMAC signature
// (lib/accounts/chat-signature). Tencent Cloud Chat: a UserSig made by Tencent's official
// `tls-sig-api-v2` package from TENCENT_IM_SDK_APP_ID and TENCENT_IM_SECRET_KEY; `verifyTencentUserSig`
// checks one with the same package's HMAC (the package has no verify call of its own), which is how
// the round trip is tested — Tencent's service itself is not reachable from here.
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { Api } from 'tls-sig-api-v2/TLSSigAPIv2';
import { signChatId, verifyChatSignature } from '@/lib/accounts/chat-signature';
import { users } from '@/lib/accounts/schema';
import type { SessionUser } from '@/lib/accounts/session';
import type { Config } from '@/lib/config/schema';
import type { DbOrTx } from '@/lib/db';
import type { ImCredentials } from './provider';

/** Tencent's recommended UserSig lifetime is up to 180 days; the portal re-issues one per page load. */
export const TENCENT_USER_SIG_SECONDS = 7 * 24 * 3600;

type TencentConfig = { appId: number; secretKey: string };

export function tencentConfigOf(config: Config): TencentConfig | null {
  if (config.IM_PROVIDER !== 'tencent' || !config.TENCENT_IM_SDK_APP_ID || !config.TENCENT_IM_SECRET_KEY)
    return null;
  return { appId: config.TENCENT_IM_SDK_APP_ID, secretKey: config.TENCENT_IM_SECRET_KEY };
}

export function tencentUserSig(tencent: TencentConfig, chatId: string, seconds = TENCENT_USER_SIG_SECONDS) {
  return new Api(tencent.appId, tencent.secretKey).genUserSig(chatId, seconds) as string;
}

type SigDoc = {
  'TLS.ver': string;
  'TLS.identifier': string;
  'TLS.sdkappid': number;
  'TLS.time': number;
  'TLS.expire': number;
  'TLS.sig': string;
};

/** Whether `sig` is a UserSig of `chatId` for this app, made with this key and not expired at `now`. */
export function verifyTencentUserSig(tencent: TencentConfig, chatId: string, sig: string, now: Date) {
  let doc: SigDoc;
  try {
    const base64 = sig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=');
    doc = JSON.parse(inflateSync(Buffer.from(base64, 'base64')).toString()) as SigDoc;
  } catch {
    return false;
  }
  if (doc['TLS.identifier'] !== chatId || doc['TLS.sdkappid'] !== tencent.appId) return false;
  if ((doc['TLS.time'] + doc['TLS.expire']) * 1000 < now.getTime()) return false;
  const api = new Api(tencent.appId, tencent.secretKey) as Api & {
    _hmacsha256: (id: string, time: number, expire: number, userBuf: null) => string;
  };
  return api._hmacsha256(chatId, doc['TLS.time'], doc['TLS.expire'], null) === doc['TLS.sig'];
}

/** The credentials a browser logs in to its IM provider with. */
export async function imCredentials(
  db: DbOrTx,
  config: Config,
  chatId: string,
  now: Date,
): Promise<ImCredentials> {
  const tencent = tencentConfigOf(config);
  if (tencent) {
    return {
      provider: 'tencent',
      chat_id: chatId,
      sig: tencentUserSig(tencent, chatId),
      sdk_app_id: tencent.appId,
    };
  }
  return {
    provider: 'socket',
    chat_id: chatId,
    sig: await signChatId(db, chatId, now.getTime()),
    sdk_app_id: null,
  };
}

/**
 * The built-in provider's login on the gateway: a valid chat signature of a user's id gives that user;
 * of a tourist id, a valid guest (no user).
 */
export async function resolveChatSignature(
  db: DbOrTx,
  chatId: string,
  sig: string,
  now: Date,
): Promise<{ user: SessionUser | null; valid: boolean }> {
  if (!(await verifyChatSignature(db, chatId, sig, now.getTime()))) return { user: null, valid: false };
  if (!/^\d+$/.test(chatId)) return { user: null, valid: true };
  const [user] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      isAnchor: users.isAnchor,
      role: users.role,
      experience: users.experience,
    })
    .from(users)
    .where(eq(users.id, Number(chatId)));
  return { user: user ?? null, valid: Boolean(user) };
}
