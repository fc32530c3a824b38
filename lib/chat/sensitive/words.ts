// The operators' sensitive-word list and the check every text passes (chat, danmaku, nicknames, room
// titles): a multi-pattern Aho-Corasick matcher (modern-ahocorasick) over normalized text, rebuilt when
// the list changes here and at most every 30 s on other nodes.
import { asc, eq, ilike, or } from 'drizzle-orm';
import AhoCorasick from 'modern-ahocorasick';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { sensitiveWords } from '../schema';
import { normalizeForMatch, normalizeWord } from './normalize';

const RELOAD_MS = 30_000;
export const MASK = '***';

type Cache = { matcher: AhoCorasick | null; loadedAt: number };
let cache: Cache | null = null;

async function matcherOf(db: DbOrTx, now: Date) {
  if (cache && now.getTime() - cache.loadedAt < RELOAD_MS && now.getTime() >= cache.loadedAt) {
    return cache.matcher;
  }
  const rows = await db.select({ normalized: sensitiveWords.normalized }).from(sensitiveWords);
  const patterns = rows.map((row) => row.normalized).filter(Boolean);
  cache = { matcher: patterns.length ? new AhoCorasick(patterns) : null, loadedAt: now.getTime() };
  return cache.matcher;
}

/** Original [start, end) ranges that hold a listed word, merged. */
export async function findSensitive(db: DbOrTx, text: string, now: Date) {
  const matcher = await matcherOf(db, now);
  if (!matcher) return [];
  const normalized = normalizeForMatch(text);
  const ranges = matcher
    .search(normalized.text)
    .map((match) => [normalized.spans[match.start]![0], normalized.spans[match.end - 1]![1]] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** `mask` replaces each listed word (with whatever was inserted in it) by ***; `refuse` throws. */
export async function screenText(db: DbOrTx, text: string, mode: 'mask' | 'refuse', now: Date) {
  const ranges = await findSensitive(db, text, now);
  if (ranges.length === 0) return text;
  if (mode === 'refuse') throw new DomainError('SENSITIVE_WORD');
  let result = '';
  let at = 0;
  for (const [start, end] of ranges) {
    result += text.slice(at, start) + MASK;
    at = end;
  }
  return result + text.slice(at);
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
  return rows.map((row) => ({ id: row.id, word: row.word, normalized: row.normalized }));
}

/** Adds words (already listed ones are skipped); the list's matcher is rebuilt on the next check. */
export async function addWords(db: DbOrTx, words: string[], byUserId: number, now: Date) {
  const values = [...new Map(words.map((word) => [normalizeWord(word), word.trim()])).entries()]
    .filter(([normalized]) => normalized.length > 0)
    .map(([normalized, word]) => ({ word, normalized, createdAt: now, createdBy: byUserId }));
  if (values.length === 0) throw new DomainError('SENSITIVE_WORD_EMPTY');
  const added = await db
    .insert(sensitiveWords)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: sensitiveWords.id });
  cache = null;
  return { added: added.length };
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
