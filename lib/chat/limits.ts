// Chat rate limits (rate-limiter-flexible through lib/rate-limits). Per viewer per chat: 20 messages
// in 30 s by default — Twitch's figure for a normal user, more than a person types, far below a script —,
// or what an operator set in the console (lib/system/settings.ts `chatRate`, applied without a restart);
// the same text again within 30 s is refused; a room's slow mode allows one message per N seconds.
// Moderators (anchor, administrators, operators) are exempt from slow mode only.
import { createHash } from 'node:crypto';
import { consumeOrThrow, createLimiter, type Limiter, rateLimiterOf } from '@/lib/rate-limits';
import { effectiveSettings, RATE_DEFAULTS } from '@/lib/system/settings';
import type { Channel } from './channel';

/** The default (an operator may set another): 20 messages in 30 s. */
export const CHAT_RATE = {
  points: RATE_DEFAULTS.chatRate.count,
  seconds: RATE_DEFAULTS.chatRate.seconds,
} as const;
export const DUPLICATE_SECONDS = 30;
/** The slow-mode choices an anchor has (0 = off). */
export const SLOW_MODE_CHOICES = [0, 3, 5, 10, 30, 60, 120] as const;

/** The limiter of the rate in force (one per rate: a change starts counting afresh). */
const perViewer = rateLimiterOf('chat-rate');
const duplicates = createLimiter({ keyPrefix: 'chat-duplicate', points: 1, duration: DUPLICATE_SECONDS });
const slowModes = new Map<number, Limiter>();

function slowModeLimiter(seconds: number) {
  let limiter = slowModes.get(seconds);
  if (!limiter) {
    limiter = createLimiter({ keyPrefix: `chat-slow-${seconds}`, points: 1, duration: seconds });
    slowModes.set(seconds, limiter);
  }
  return limiter;
}

const channelKey = (channel: Channel, userId: number) => `${channel.kind}:${channel.id}:${userId}`;

/** Spends the viewer's allowances for one message, or throws the first limit it breaks. */
export async function spendChatAllowance(input: {
  channel: Channel;
  userId: number;
  /** The message as the matcher normalizes it: `ab`, `a b` and `A B` are the same message. */
  normalized: string;
  slowModeSeconds: number;
  moderator: boolean;
}) {
  const key = channelKey(input.channel, input.userId);
  const text = createHash('sha256').update(input.normalized).digest('base64url');
  await consumeOrThrow(duplicates, `${key}:${text}`, 'CHAT_DUPLICATE');
  await consumeOrThrow(perViewer(effectiveSettings().chatRate), key, 'CHAT_TOO_FAST');
  if (input.slowModeSeconds > 0 && !input.moderator) {
    await consumeOrThrow(slowModeLimiter(input.slowModeSeconds), key, 'CHAT_SLOW_MODE');
  }
}
