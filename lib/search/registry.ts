// The kinds of things search finds. Each domain that has something searchable registers a source with
// one line in lib/search/sources.ts: the texts of the rows queued for keying, and how matched
// documents become hits. The documents themselves (search_documents) are shared by every source.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';

/** One result as the results page and the calls show it. */
export type SearchHit = {
  id: number;
  title: string;
  subtitle: string;
  href: string;
  /** Avatar, cover or poster URL; null draws the title's initial. */
  image: string | null;
  shape: 'avatar' | 'cover';
  live: boolean;
  /** When it happened (publication, kick-off), ISO 8601. */
  time: string | null;
};

export type SearchOptions = { locale: Locale; limit: number; now: Date };

export type SearchSource = {
  kind: string;
  /**
   * The texts to key the given rows by (queued in `search_pending`: added, or their text changed),
   * leaving out those no longer searchable (a streamer no more).
   */
  texts?: (db: DbOrTx, ids: number[]) => Promise<{ id: number; texts: string[] }[]>;
  /**
   * Hits whose documents match: `matched(kind)` is the condition on `search_documents` (kind and
   * query) to join the source's table with.
   */
  search: (db: DbOrTx, matched: (kind: string) => SQL, options: SearchOptions) => Promise<SearchHit[]>;
};

const sources = new Map<string, SearchSource>();

export function registerSearchSource(source: SearchSource) {
  sources.set(source.kind, source);
}

export function searchSources() {
  return [...sources.values()];
}

export function searchSource(kind: string) {
  return sources.get(kind);
}
