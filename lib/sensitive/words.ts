// The operators' sensitive-word list and the check every text passes (chat, danmaku, nicknames, room
// titles, posts, comments): a multi-pattern Aho-Corasick matcher (modern-ahocorasick) over normalized
// text, rebuilt when the list changes here and at most every 30 s on other nodes. Each word carries its
// policy (`SENSITIVE_POLICIES`): block refuses, replace masks, review holds a post, a video, a comment or a
// room chat line for the review queue.
import { asc, eq, ilike, inArray, or } from 'drizzle-orm';
import AhoCorasick from 'modern-ahocorasick';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { normalizeForMatch, normalizeWord } from './normalize';
import { SENSITIVE_POLICIES, type SensitivePolicy } from './policies';
import { sensitiveWords } from './schema';

const RELOAD_MS = 30_000;
export const MASK = '***';

type Cache = { matcher: AhoCorasick | null; policies: Map<string, SensitivePolicy>; loadedAt: number };
let cache: Cache | null = null;

async function matcherOf(db: DbOrTx, now: Date) {
  if (cache && now.getTime() - cache.loadedAt < RELOAD_MS && now.getTime() >= cache.loadedAt) {
    return cache;
  }
  const rows = await db
    .select({ normalized: sensitiveWords.normalized, policy: sensitiveWords.policy })
    .from(sensitiveWords);
  const listed = rows.filter((row) => row.normalized);
  cache = {
    matcher: listed.length ? new AhoCorasick(listed.map((row) => row.normalized)) : null,
    policies: new Map(listed.map((row) => [row.normalized, row.policy])),
    loadedAt: now.getTime(),
  };
  return cache;
}

/** What a text holds: the original [start, end) ranges of listed words (merged) and their policies. */
async function matchesIn(db: DbOrTx, text: string, now: Date) {
  const { matcher, policies } = await matcherOf(db, now);
  if (!matcher) return { ranges: [], policies: new Set<SensitivePolicy>() };
  const normalized = normalizeForMatch(text);
  const found = matcher.search(normalized.text);
  const ranges = found
    .map((match) => [normalized.spans[match.start]![0], normalized.spans[match.end - 1]![1]] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const held = new Set(found.map((match) => policies.get(match.pattern) ?? ('replace' as const)));
  return { ranges: merged, policies: held };
}

/** Original [start, end) ranges that hold a listed word, merged. */
export async function findSensitive(db: DbOrTx, text: string, now: Date) {
  return (await matchesIn(db, text, now)).ranges;
}

const masked = (text: string, ranges: readonly (readonly [number, number])[]) => {
  let result = '';
  let at = 0;
  for (const [start, end] of ranges) {
    result += text.slice(at, start) + MASK;
    at = end;
  }
  return result + text.slice(at);
};

/**
 * `mask` replaces each listed word (with whatever was inserted in it) by ***; `refuse` throws. A word
 * whose policy is `block` refuses the text in either mode.
 */
export async function screenText(db: DbOrTx, text: string, mode: 'mask' | 'refuse', now: Date) {
  const { ranges, policies } = await matchesIn(db, text, now);
  if (ranges.length === 0) return text;
  if (mode === 'refuse' || policies.has('block')) throw new DomainError('SENSITIVE_WORD');
  return masked(text, ranges);
}

/**
 * What can wait for a reviewer (community posts, videos, comments, room chat): a `block` word refuses it,
 * `replace` words are masked, and a `review` word holds it for the review queue (`review: true`) with the
 * words masked. `refuse` (a room's strict chat setting) refuses any listed word, as `screenText` does.
 */
export async function screenForReview(db: DbOrTx, text: string, now: Date, mode: 'mask' | 'refuse' = 'mask') {
  const { ranges, policies } = await matchesIn(db, text, now);
  if (ranges.length === 0) return { text, review: false };
  if (mode === 'refuse' || policies.has('block')) throw new DomainError('SENSITIVE_WORD');
  return { text: masked(text, ranges), review: policies.has('review') };
}

/** Nicknames and room titles: refused when they hold a listed word. */
export const refuseSensitive = (db: DbOrTx, text: string, now: Date) => screenText(db, text, 'refuse', now);

export async function listWords(db: DbOrTx, search?: string) {
  const rows = await db
    .select()
    .from(sensitiveWords)
    .where(
      search
        ? or(ilike(sensitiveWords.word, `%${search}%`), ilike(sensitiveWords.normalized, `%${search}%`))
        : undefined,
    )
    .orderBy(asc(sensitiveWords.normalized));
  return rows.map((row) => ({
    id: row.id,
    word: row.word,
    normalized: row.normalized,
    policy: row.policy,
  }));
}

export const isSensitivePolicy = (value: string): value is SensitivePolicy =>
  (SENSITIVE_POLICIES as readonly string[]).includes(value);

/** Adds words (already listed ones are skipped); the list's matcher is rebuilt on the next check. */
export async function addWords(
  db: DbOrTx,
  words: string[],
  byUserId: number,
  now: Date,
  policy: SensitivePolicy = 'replace',
) {
  const values = [...new Map(words.map((word) => [normalizeWord(word), word.trim()])).entries()]
    .filter(([normalized]) => normalized.length > 0)
    .map(([normalized, word]) => ({ word, normalized, policy, createdAt: now, createdBy: byUserId }));
  if (values.length === 0) throw new DomainError('SENSITIVE_WORD_EMPTY');
  const added = await db
    .insert(sensitiveWords)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: sensitiveWords.id });
  cache = null;
  return { added: added.length };
}

/** Changes what the listed words do; answers each word before and after (for the audit). */
export async function setWordPolicy(db: DbOrTx, ids: number[], policy: SensitivePolicy) {
  const before = await db
    .select({ id: sensitiveWords.id, word: sensitiveWords.word, policy: sensitiveWords.policy })
    .from(sensitiveWords)
    .where(inArray(sensitiveWords.id, ids));
  if (before.length !== new Set(ids).size) throw new NotFoundError('SENSITIVE_WORD_NOT_FOUND');
  await db.update(sensitiveWords).set({ policy }).where(inArray(sensitiveWords.id, ids));
  cache = null;
  return { before, after: before.map((row) => ({ ...row, policy })) };
}

export async function deleteWord(db: DbOrTx, id: number) {
  const removed = await db
    .delete(sensitiveWords)
    .where(eq(sensitiveWords.id, id))
    .returning({ id: sensitiveWords.id });
  if (removed.length === 0) throw new NotFoundError('SENSITIVE_WORD_NOT_FOUND');
  cache = null;
  return { id };
}
