// The commitment that makes a plan tamper-evident: at publish the server hashes the plan's canonical
// content with a secret nonce and shows only the hash; after the match it shows the content and the nonce,
// and anyone (the plan page does it in the visitor's browser) recomputes the hash. Each commitment is also
// appended to a public hash chain, so a deleted or back-dated plan breaks the chain a copy was taken of.
import { createHash, randomBytes } from 'node:crypto';

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

export type PlanContent = {
  expert: number;
  match: number;
  title: string;
  selections: { market: string; pick: string; line: number | null }[];
  reasoning: string;
  price: number;
  refund_if_lost: boolean;
  published_at: string;
};

/** The text a plan commits to (version 1 of the format, named in the text so it can evolve). */
export function planCanonical(content: PlanContent) {
  return canonicalJson({ v: 1, ...content });
}

export const newNonce = () => randomBytes(16).toString('hex');

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the browser recomputes: sha-256 of the canonical text, a newline and the nonce. */
export function commitmentOf(canonical: string, nonce: string) {
  return sha256(`${canonical}\n${nonce}`);
}

export type ChainEntry = {
  seq: number;
  planId: number;
  expertId: number;
  matchId: number;
  commitment: string;
  publishedAt: Date;
};

/** An entry's hash covers the previous hash and its own fields, so no entry can be removed or moved. */
export function chainHash(prevHash: string, entry: ChainEntry) {
  return sha256(
    `${prevHash}\n${entry.seq}|${entry.planId}|${entry.expertId}|${entry.matchId}|${entry.commitment}|${entry.publishedAt.toISOString()}`,
  );
}
