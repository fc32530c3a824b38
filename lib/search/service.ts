// Search: queries checked against the spec's 10 characters, matched on the shared search documents
// through the registered sources, the documents kept up to date by the search-index job, and the
// searches people make counted per day for the hot list (`api/Search/index`).
import { and, asc, eq, sql } from 'drizzle-orm';
import { Converter } from 'opencc-js';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { cachedChatState, chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import type { DbOrTx } from '@/lib/db';
import { type HotSearchCounter, postgresHotSearches } from './hot-counter';
import { SEARCH_MAX_CHARS, searchGrams, searchKey, searchPattern } from './normalize';
import { type SearchHit, type SearchOptions, searchSource, searchSources } from './registry';
import { hotSearchOverrides, searchDocuments, searchPending } from './schema';
import './sources';

/** Spec §9: ten hot searches. */
export const HOT_SEARCH_COUNT = 10;
const HOME_OFFSET_MS = 8 * 3600_000;
const toSimplified = Converter({ from: 'tw', to: 'cn' });

/** The query as typed, trimmed; more than 10 characters is refused (spec §5). */
export function checkQuery(name: string) {
  const query = name.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (Array.from(query).length > SEARCH_MAX_CHARS)
    throw new DomainError('SEARCH_TOO_LONG', { values: { max: SEARCH_MAX_CHARS } });
  return query;
}

/**
 * Matches a source ranks at most: a query that matches more (a letter, a common word) is ranked among
 * its newest this many documents, so its cost stays bounded however many rows match.
 */
export const SEARCH_CANDIDATES = 300;

function matcher(query: string) {
  const pattern = searchPattern(query);
  return (kind: string) => {
    if (pattern.kind === 'empty') return sql`false`;
    const matches =
      pattern.kind === 'gram'
        ? sql`${searchDocuments.grams} @> array[${pattern.gram}]::text[]`
        : sql`${searchDocuments.key} like ${pattern.pattern}`;
    // The candidates come from a GIN index, or from the primary key walked newest first for a query
    // that matches most rows (the inner search_documents shadows the outer one); the outer rows are
    // then read through the primary key.
    return and(
      eq(searchDocuments.kind, kind),
      sql`${searchDocuments.refId} in (select ${searchDocuments.refId} from ${searchDocuments} where ${searchDocuments.kind} = ${kind} and ${matches} order by ${searchDocuments.refId} desc limit ${SEARCH_CANDIDATES})`,
    )!;
  };
}

/** Hits of one kind; an unknown kind or an empty query finds nothing. */
export async function searchKind(db: DbOrTx, kind: string, name: string, options: SearchOptions) {
  const query = checkQuery(name);
  const source = searchSource(kind);
  if (!source || !query) return [];
  return source.search(db, matcher(query), options);
}

/** Hits of every kind, in the sources' order. */
export async function searchEverything(db: DbOrTx, name: string, options: SearchOptions) {
  const query = checkQuery(name);
  const match = matcher(query);
  return Promise.all(
    searchSources().map(async (source) => ({
      kind: source.kind,
      hits: query ? await source.search(db, match, options) : ([] as SearchHit[]),
    })),
  );
}

/** Keys (or keys again) the given rows of a kind. */
export async function indexSearchDocuments(
  db: DbOrTx,
  kind: string,
  rows: { id: number; texts: string[] }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await db
    .insert(searchDocuments)
    .values(
      rows.map((row) => ({
        kind,
        refId: row.id,
        key: searchKey(row.texts),
        grams: searchGrams(row.texts),
        indexedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [searchDocuments.kind, searchDocuments.refId],
      set: { key: sql`excluded.key`, grams: sql`excluded.grams`, indexedAt: now },
    });
}

/**
 * Keys the rows queued in `search_pending` — new rows, and rows whose text changed (the triggers of
 * migrations 0016 and 0051 drop their documents and queue them) —, `batch` at a time per source, oldest
 * queued first: the cost follows what changed, never the size of the sources (issue #45). An entry is
 * dropped only if it was not queued again meanwhile. Answers how many were keyed.
 */
export async function indexPendingSearchDocuments(db: DbOrTx, now: Date, batch = 1000) {
  let total = 0;
  for (const source of searchSources()) {
    if (!source.texts) continue;
    for (;;) {
      const queued = await db
        .select({ refId: searchPending.refId, seq: searchPending.seq })
        .from(searchPending)
        .where(eq(searchPending.kind, source.kind))
        .orderBy(asc(searchPending.seq))
        .limit(batch);
      if (queued.length === 0) break;
      const rows = await source.texts(
        db,
        queued.map((entry) => entry.refId),
      );
      await indexSearchDocuments(db, source.kind, rows, now);
      await db.execute(sql`delete from ${searchPending} p
        using unnest(${sql.param(queued.map((entry) => entry.refId))}::int[], ${sql.param(queued.map((entry) => entry.seq))}::bigint[]) as q(ref_id, seq)
        where p.kind = ${source.kind} and p.ref_id = q.ref_id and p.seq = q.seq`);
      total += rows.length;
      if (queued.length < batch) break;
    }
  }
  return total;
}

/** The day (UTC+8) a search counts for. */
export function searchDay(now: Date) {
  return new Date(now.getTime() + HOME_OFFSET_MS).toISOString().slice(0, 10);
}

/** Counts a search someone made (the box's Enter, the results page's form). */
/**
 * Counts a search for today's hot list. `counts` decides whether this reader's search of `term` moves the
 * list (the API lets each reader count a term once an hour); a search that does not count still answers.
 */
export async function recordSearch(
  db: DbOrTx,
  name: string,
  now: Date,
  counts: (term: string) => Promise<boolean> = async () => true,
  counter: HotSearchCounter = postgresHotSearches,
) {
  const query = checkQuery(name);
  if (!query) throw new DomainError('SEARCH_EMPTY');
  const term = toSimplified(query).toLowerCase();
  if (!(await counts(term))) return { term };
  await counter.add(db, searchDay(now), term);
  return { term };
}

type Override = { id: number; term: string; position: number | null; blocked: boolean };

/** Operators' pinned and blocked terms, cached like the gift catalog (every hot-list read needs them). */
const overridesOf = (db: DbOrTx) =>
  cachedChatState<Override[]>(chatStateKeys.hotSearchOverrides(), () =>
    db
      .select({
        id: hotSearchOverrides.id,
        term: hotSearchOverrides.term,
        position: hotSearchOverrides.position,
        blocked: hotSearchOverrides.blocked,
      })
      .from(hotSearchOverrides)
      .orderBy(asc(hotSearchOverrides.position), asc(hotSearchOverrides.id)),
  );

/**
 * Today's ten hot searches (UTC+8 day): the most searched first, without the terms operators blocked,
 * and with the terms they pinned at their positions (a pinned term shows its own count, 0 if unsearched).
 */
export async function hotSearches(db: DbOrTx, now: Date, counter: HotSearchCounter = postgresHotSearches) {
  const overrides = await overridesOf(db);
  const top = await counter.top(db, searchDay(now), HOT_SEARCH_COUNT + overrides.length);
  if (overrides.length === 0) return top;
  const set = new Set(overrides.map((override) => override.term));
  const list = top.filter((row) => !set.has(row.term));
  for (const pin of overrides) {
    if (pin.blocked || !pin.position) continue;
    const count = top.find((row) => row.term === pin.term)?.count ?? 0;
    list.splice(Math.min(pin.position - 1, list.length), 0, { term: pin.term, count });
  }
  return list.slice(0, HOT_SEARCH_COUNT);
}

export const listHotSearchOverrides = (db: DbOrTx) =>
  db
    .select()
    .from(hotSearchOverrides)
    .orderBy(asc(hotSearchOverrides.blocked), asc(hotSearchOverrides.position));

/** Pins a term at a position (1–10) or blocks it; the term is folded as counted searches are. */
export async function saveHotSearchOverride(
  db: DbOrTx,
  input: { term: string; position?: number | undefined; blocked: boolean },
  now: Date,
) {
  const query = checkQuery(input.term);
  if (!query) throw new DomainError('SEARCH_EMPTY');
  if (!input.blocked && !input.position) throw new DomainError('HOT_SEARCH_POSITION_REQUIRED');
  const term = toSimplified(query).toLowerCase();
  const values = {
    term,
    position: input.blocked ? null : input.position!,
    blocked: input.blocked,
    updatedAt: now,
  };
  const [before] = await db.select().from(hotSearchOverrides).where(eq(hotSearchOverrides.term, term));
  const [row] = await db
    .insert(hotSearchOverrides)
    .values(values)
    .onConflictDoUpdate({ target: hotSearchOverrides.term, set: values })
    .returning();
  await invalidateChatState(chatStateKeys.hotSearchOverrides());
  return { before: before ?? null, row: row! };
}

export async function deleteHotSearchOverride(db: DbOrTx, id: number) {
  const [row] = await db.delete(hotSearchOverrides).where(eq(hotSearchOverrides.id, id)).returning();
  if (!row) throw new NotFoundError('HOT_SEARCH_OVERRIDE_NOT_FOUND');
  await invalidateChatState(chatStateKeys.hotSearchOverrides());
  return row;
}
