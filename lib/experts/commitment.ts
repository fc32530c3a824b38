// The commitment format, written once for the server, the visitor's browser and the offline script: a
// plan's canonical text, its commitment (SHA-256 of the text, a newline and a nonce kept secret until the
// match is over), the public chain's links (each hashing the previous hash and its own fields) and the walk
// that checks them. Browser-safe: @noble/hashes, not node:crypto or Web Crypto (`crypto.subtle` exists only
// in secure contexts, and a self-hosted portal may be served over http); no zod, so the verify panel's
// chunk stays small (the shapes are checked by hand and by writing the text again).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** JSON with object keys sorted at every depth: one content, one text, one hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as object)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export type CommittedSelection = { market: string; pick: string; line: number | null };

export type PlanContent = {
  expert: number;
  match: number;
  title: string;
  selections: CommittedSelection[];
  reasoning: string;
  price: number;
  refund_if_lost: boolean;
  published_at: string;
};

/** The format's version, written in every text so it can evolve. */
export const PLAN_FORMAT_VERSION = 1;

/** The text a plan commits to. */
export function planCanonical(content: PlanContent) {
  return canonicalJson({ v: PLAN_FORMAT_VERSION, ...content });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function selectionOf(value: unknown): CommittedSelection | null {
  if (!isRecord(value) || typeof value.market !== 'string' || typeof value.pick !== 'string') return null;
  if (value.line !== null && typeof value.line !== 'number') return null;
  return { market: value.market, pick: value.pick, line: value.line };
}

/**
 * The content a canonical text commits to, or null when the text is not exactly the canonical form of a
 * plan of this format (any other key, type, order or spacing): what a buyer reads and grading uses.
 */
export function planContentOf(canonical: string): PlanContent | null {
  let value: unknown;
  try {
    value = JSON.parse(canonical);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.v !== PLAN_FORMAT_VERSION || !Array.isArray(value.selections)) return null;
  const selections = value.selections.map(selectionOf);
  if (selections.some((selection) => selection === null)) return null;
  const { expert, match, title, reasoning, price, refund_if_lost, published_at } = value;
  if (!isId(expert) || !isId(match) || typeof title !== 'string' || typeof reasoning !== 'string')
    return null;
  if (!Number.isSafeInteger(price) || typeof refund_if_lost !== 'boolean') return null;
  if (typeof published_at !== 'string') return null;
  const content: PlanContent = {
    expert,
    match,
    title,
    selections: selections as CommittedSelection[],
    reasoning,
    price: price as number,
    refund_if_lost,
    published_at,
  };
  return planCanonical(content) === canonical ? content : null;
}

export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** A plan's commitment: sha-256 hex of the canonical text, a newline and the nonce. */
export function commitmentOf(canonical: string, nonce: string) {
  return sha256Hex(`${canonical}\n${nonce}`);
}

/** One entry of the public chain as the API and the download give it (one NDJSON line). */
export type ChainLink = {
  seq: number;
  plan_id: number;
  expert_id: number;
  match_id: number;
  commitment: string;
  /** ISO 8601 with milliseconds, as `Date#toISOString` writes it. */
  published_at: string;
  /** The previous entry's hash ('' for the first). */
  prev_hash: string;
  hash: string;
};

/** An entry's hash covers the previous hash and its own fields, so no entry can be removed or moved. */
export function chainHash(prevHash: string, link: Omit<ChainLink, 'prev_hash' | 'hash'>) {
  return sha256Hex(
    `${prevHash}\n${link.seq}|${link.plan_id}|${link.expert_id}|${link.match_id}|${link.commitment}|${link.published_at}`,
  );
}

const HEX64 = /^[0-9a-f]{64}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A chain link read from untrusted text (a line of the download), or null when it is not one. */
export function chainLinkOf(value: unknown): ChainLink | null {
  if (!isRecord(value)) return null;
  const { seq, plan_id, expert_id, match_id, commitment, published_at, prev_hash, hash } = value;
  if (!isId(seq) || !isId(plan_id) || !isId(expert_id) || !isId(match_id)) return null;
  if (typeof commitment !== 'string' || !HEX64.test(commitment) || typeof hash !== 'string') return null;
  if (typeof published_at !== 'string' || !ISO.test(published_at) || typeof prev_hash !== 'string')
    return null;
  return { seq, plan_id, expert_id, match_id, commitment, published_at, prev_hash, hash };
}

/** Why a walk stopped: the named entry does not follow the one before, or the walk ended off the head. */
export type ChainBreak =
  | 'malformed'
  | 'seq'
  | 'prev_hash'
  | 'hash'
  | 'backdated'
  | 'plan_entry'
  | 'short'
  | 'head';

export type ChainVerdict =
  | { ok: true; from: number; length: number; head: { seq: number; hash: string } | null }
  | { ok: false; reason: ChainBreak; seq: number | null };

/**
 * Walks links in order, each checked against the one before: the next seq, the previous hash, its own
 * hash recomputed, a time never before the previous. Started at the beginning (`prevHash` ''), or in the
 * middle from an entry whose own `prev_hash` is taken as given (its hash still covers it).
 */
export class ChainWalk {
  private expected: { seq: number; prevHash: string; publishedAt: string } | null;
  private first: number | null = null;
  length = 0;
  broken: { reason: ChainBreak; seq: number | null } | null = null;

  constructor(start: { fromGenesis: true } | { fromGenesis: false } = { fromGenesis: true }) {
    this.expected = start.fromGenesis ? { seq: 1, prevHash: '', publishedAt: '' } : null;
  }

  /** Adds the next link; false once the chain is broken (the walk then keeps its first break). */
  add(value: unknown): boolean {
    if (this.broken) return false;
    const link = chainLinkOf(value);
    const seq = isRecord(value) && isId(value.seq) ? value.seq : null;
    if (!link) return this.stop('malformed', seq);
    const expected = this.expected ?? { seq: link.seq, prevHash: link.prev_hash, publishedAt: '' };
    if (link.seq !== expected.seq) return this.stop('seq', link.seq);
    if (link.prev_hash !== expected.prevHash) return this.stop('prev_hash', link.seq);
    if (link.hash !== chainHash(link.prev_hash, link)) return this.stop('hash', link.seq);
    // ISO strings of one format order as their instants do.
    if (link.published_at < expected.publishedAt) return this.stop('backdated', link.seq);
    this.first ??= link.seq;
    this.expected = { seq: link.seq + 1, prevHash: link.hash, publishedAt: link.published_at };
    this.length += 1;
    return true;
  }

  /** Where the walk stands: the last link checked is its head. */
  verdict(): ChainVerdict {
    if (this.broken) return { ok: false, ...this.broken };
    const head =
      this.expected && this.length ? { seq: this.expected.seq - 1, hash: this.expected.prevHash } : null;
    return { ok: true, from: this.first ?? 0, length: this.length, head };
  }

  private stop(reason: ChainBreak, seq: number | null) {
    this.broken = { reason, seq };
    return false;
  }
}

/** Every link of a whole chain, from the first: what the server and the offline script check. */
export async function walkChain(links: Iterable<unknown> | AsyncIterable<unknown>): Promise<ChainVerdict> {
  const walk = new ChainWalk();
  for await (const link of links) if (!walk.add(link)) break;
  return walk.verdict();
}

/**
 * A plan's place in the chain, as its page checks it: the walk starts at the plan's own entry (its
 * commitment, at its seq) and must follow link by link to the published head.
 */
export async function walkFromPlan(
  links: Iterable<unknown> | AsyncIterable<unknown>,
  plan: { id: number; seq: number; commitment: string },
  head: { seq: number; hash: string },
): Promise<ChainVerdict> {
  const walk = new ChainWalk({ fromGenesis: false });
  let first = true;
  for await (const value of links) {
    if (first) {
      first = false;
      const link = chainLinkOf(value);
      if (!link || link.seq !== plan.seq || link.plan_id !== plan.id || link.commitment !== plan.commitment)
        return { ok: false, reason: 'plan_entry', seq: link?.seq ?? null };
    }
    if (!walk.add(value)) break;
  }
  if (first) return { ok: false, reason: 'plan_entry', seq: null };
  const verdict = walk.verdict();
  if (!verdict.ok) return verdict;
  if (!verdict.head || verdict.head.seq < head.seq)
    return { ok: false, reason: 'short', seq: verdict.head?.seq ?? null };
  if (verdict.head.seq !== head.seq || verdict.head.hash !== head.hash)
    return { ok: false, reason: 'head', seq: verdict.head.seq };
  return verdict;
}

/** The lines of an NDJSON byte stream, parsed one by one as they arrive (a line that is not JSON: `undefined`). */
export async function* ndjsonValues(
  stream: Iterable<Uint8Array> | AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
) {
  const decoder = new TextDecoder();
  let rest = '';
  // Not every browser iterates a ReadableStream yet: read it through its reader.
  const chunks = 'getReader' in stream ? readerChunks(stream.getReader()) : stream;
  for await (const chunk of chunks) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line.trim()) yield parseLine(line);
  }
  rest += decoder.decode();
  if (rest.trim()) yield parseLine(rest);
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

async function* readerChunks(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
