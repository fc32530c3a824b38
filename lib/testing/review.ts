// Deciding through the one review queue (lib/review) in integration tests: the per-domain decide routes it
// replaced are gone, so a test that needs an item decided asks the queue, like the console does.
import type { apiCaller } from './api';

type Call = ReturnType<typeof apiCaller>;
export type QueueOutcome = {
  id: number;
  ok: boolean;
  code?: string;
  msg?: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Approves or refuses queue items of `source` (e.g. `horn`) as `token`: by default citing `other` with
 * words (every source offers it), else the code and words given (`note: ''` for none).
 */
export function decideInQueue(
  call: Call,
  token: string,
  source: string,
  ids: number | number[],
  approve: boolean,
  { reasonCode = 'other', note }: { reasonCode?: string; note?: string } = {},
) {
  return call<{ results: QueueOutcome[] }>(`/api/admin/review/${source}/decide`, {
    headers: { lang: 'en', token },
    json: {
      ids: Array.isArray(ids) ? ids : [ids],
      approve,
      reason_code: reasonCode,
      reason: note ?? (reasonCode === 'other' ? 'decided in a test' : ''),
    },
  });
}

/** What waits in the queue's `source`, oldest first. */
export function queueList<T = { id: number; user_id: number; summary: string }>(
  call: Call,
  token: string,
  source: string,
  query = '',
) {
  return call<{ total: number; list: T[] }>(`/api/admin/review/${source}/list?${query}`, {
    headers: { lang: 'en', token },
  });
}
