// What a chat send checks that rarely changes — a room's anchor, settings and administrators, its
// kick-outs and mutes in force — kept in process for a short while so a send costs the insert (and the session
// lookup) rather than eight queries. Every write that changes one of them (settings, appointing or
// revoking an administrator, a mute or its lift, a kick-out or its lift, a broadcast starting or ending)
// invalidates its key; the TTL bounds staleness for writes made elsewhere (another node, a script).
// Values are plain JSON (instants as epoch ms) behind a small async interface, so a Redis-backed store
// (GET/SET PX/DEL plus a pub/sub invalidation) can replace the in-memory one when the portal scales out.
// This module imports nothing of the domain so every domain that writes can invalidate.

export interface ChatStateStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The in-process store: a Map with expiry, oldest entries dropped past `maxEntries`. */
export function memoryStateStore(maxEntries = 50_000, clock = () => Date.now()): ChatStateStore {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: clock() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** How long a cached value may serve when no invalidation reaches this node. */
export const CHAT_STATE_TTL_MS = 30_000;

// On globalThis, so the custom server (which picks the store, lib/shared-state) and Next's separately
// bundled route code use the same one.
const holder = globalThis as { __portalChatStateStore?: ChatStateStore };
holder.__portalChatStateStore ??= memoryStateStore();
const current = () => holder.__portalChatStateStore!;
/** Loads in flight, so a burst of sends to a cold room makes one round of queries. */
const loading = new Map<string, Promise<unknown>>();
/** Bumped by every invalidation, so a load that started before it is not stored after it. */
const generations = new Map<string, number>();

/** Replaces the store (a Redis-backed one for several nodes; a fresh one in tests). */
export function setChatStateStore(next: ChatStateStore) {
  holder.__portalChatStateStore = next;
  loading.clear();
}

export async function cachedChatState<T>(key: string, load: () => Promise<T>): Promise<T> {
  // A store that cannot answer (Redis away) is a miss: the database is read, and nothing is stored.
  const hit = await current()
    .get(key)
    .catch(() => undefined);
  if (hit !== undefined) return hit as T;
  const pending = loading.get(key);
  if (pending) return pending as Promise<T>;
  const generation = generations.get(key) ?? 0;
  const promise = load().then(async (value) => {
    if ((generations.get(key) ?? 0) === generation)
      await current()
        .set(key, value, CHAT_STATE_TTL_MS)
        .catch(() => {});
    return value;
  });
  loading.set(key, promise);
  try {
    return await promise;
  } finally {
    if (loading.get(key) === promise) loading.delete(key);
  }
}

export async function invalidateChatState(key: string) {
  generations.set(key, (generations.get(key) ?? 0) + 1);
  loading.delete(key);
  await current().delete(key);
}

export const chatStateKeys = {
  /** A chat's anchor, settings, administrators, kick-outs and mutes in force. */
  channel: (kind: 'live' | 'match', id: number) => `chat:channel:${kind}:${id}`,
  /** The gift catalog a send prices from (lib/gifts/service.ts; invalidated by every catalog write). */
  giftCatalog: () => 'gifts:catalog',
  /** The coin rules of sign-in and tasks (lib/tasks/service.ts; invalidated by `saveTaskRules`). */
  taskRules: () => 'tasks:rules',
  /** The invitation program's rules (lib/invites/rules.ts; invalidated by `saveInviteRules`). */
  inviteRules: () => 'invites:rules',
  /** Operators' pinned and blocked hot searches (lib/search/service.ts; invalidated when saved). */
  hotSearchOverrides: () => 'search:hot-overrides',
};
