// The shared commitment format (server, browser, offline script): the canonical text read back exactly,
// commitments and chain hashes against independently computed SHA-256 (node:crypto), and the chain walk
// from the start and from a plan's entry to the head, with every way a copy can be broken.
import { createHash } from 'node:crypto';
import {
  type ChainLink,
  chainHash,
  commitmentOf,
  ndjsonValues,
  type PlanContent,
  planCanonical,
  planContentOf,
  walkChain,
  walkFromPlan,
} from './commitment';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const CONTENT: PlanContent = {
  expert: 7,
  match: 42,
  title: '主胜有把握',
  selections: [
    { market: 'football_1x2', pick: 'home', line: null },
    { market: 'football_total', pick: 'over', line: 2.25 },
  ],
  reasoning: '三中卫体系克制对手边路。\n看主胜 "2:0"。',
  price: 30,
  refund_if_lost: true,
  published_at: '2026-03-01T10:00:00.000Z',
};

/** A chain of `length` links from the first, as the server appends them. */
function chainOf(length: number, start = Date.UTC(2026, 2, 1)) {
  const links: ChainLink[] = [];
  for (let seq = 1; seq <= length; seq++) {
    const prev = links.at(-1)?.hash ?? '';
    const fields = {
      seq,
      plan_id: 100 + seq,
      expert_id: 1 + (seq % 3),
      match_id: 500 + seq,
      commitment: nodeSha(`plan ${seq}`),
      published_at: new Date(start + seq * 60_000).toISOString(),
    };
    links.push({ ...fields, prev_hash: prev, hash: chainHash(prev, fields) });
  }
  return links;
}

describe('the canonical text', () => {
  it('writes sorted keys with the version and reads back exactly the content committed', () => {
    const text = planCanonical(CONTENT);
    expect(text.startsWith('{"expert":7,"match":42,"price":30,')).toBe(true);
    expect(JSON.parse(text).v).toBe(1);
    expect(planContentOf(text)).toEqual(CONTENT);
  });

  it('refuses any text that is not exactly the canonical form of a plan', () => {
    const text = planCanonical(CONTENT);
    const parsed = JSON.parse(text);
    for (const changed of [
      JSON.stringify(parsed, null, 1),
      JSON.stringify({ ...parsed, extra: 1 }),
      planCanonical({ ...CONTENT, price: 1.5 }),
      text.replace('"v":1', '"v":2'),
      text.replace('"line":null', '"line":"0"'),
      `${text} `,
      'not json',
      '[]',
    ])
      expect(planContentOf(changed)).toBeNull();
  });

  it('commits to text and nonce as sha-256 of text, newline, nonce', () => {
    const text = planCanonical(CONTENT);
    expect(commitmentOf(text, 'ab12')).toBe(nodeSha(`${text}\nab12`));
    expect(commitmentOf(text, 'ab13')).not.toBe(commitmentOf(text, 'ab12'));
  });
});

describe('the chain walk', () => {
  it('hashes a link as the previous hash, a newline and its fields joined by |', () => {
    const [first, second] = chainOf(2);
    expect(first!.hash).toBe(nodeSha(`\n1|101|2|501|${first!.commitment}|${first!.published_at}`));
    expect(second!.prev_hash).toBe(first!.hash);
  });

  it('accepts a whole chain from the first entry and names its head', async () => {
    const links = chainOf(250);
    expect(await walkChain(links)).toEqual({
      ok: true,
      from: 1,
      length: 250,
      head: { seq: 250, hash: links[249]!.hash },
    });
    expect(await walkChain([])).toEqual({ ok: true, from: 0, length: 0, head: null });
  });

  it('names the first entry that does not follow', async () => {
    const links = chainOf(6);
    const broken = (index: number, change: Partial<ChainLink>) =>
      links.map((link, at) => (at === index ? { ...link, ...change } : link));
    expect(await walkChain(broken(2, { commitment: nodeSha('rewritten') }))).toEqual({
      ok: false,
      reason: 'hash',
      seq: 3,
    });
    // A rewritten entry with its own hash made again breaks the next link.
    const rewritten = { ...links[2]!, commitment: nodeSha('rewritten') };
    rewritten.hash = chainHash(rewritten.prev_hash, rewritten);
    expect(await walkChain(links.map((link, at) => (at === 2 ? rewritten : link)))).toEqual({
      ok: false,
      reason: 'prev_hash',
      seq: 4,
    });
    expect(await walkChain(links.filter((_, at) => at !== 3))).toMatchObject({ reason: 'seq', seq: 5 });
    expect(await walkChain(links.slice(1))).toMatchObject({ reason: 'seq', seq: 2 });
    expect(await walkChain(broken(4, { published_at: 'yesterday' }))).toMatchObject({
      reason: 'malformed',
      seq: 5,
    });
    const early = { ...links[4]!, published_at: '2020-01-01T00:00:00.000Z' };
    early.hash = chainHash(early.prev_hash, early);
    const relinked = [...links.slice(0, 4), early];
    expect(await walkChain(relinked)).toMatchObject({ reason: 'backdated', seq: 5 });
  });

  it('walks from a plan’s entry to the published head', async () => {
    const links = chainOf(40);
    const plan = { id: links[9]!.plan_id, seq: 10, commitment: links[9]!.commitment };
    const head = { seq: 40, hash: links[39]!.hash };
    const tail = links.slice(9);
    expect(await walkFromPlan(tail, plan, head)).toEqual({ ok: true, from: 10, length: 31, head });
    expect(await walkFromPlan(tail, { ...plan, commitment: nodeSha('other') }, head)).toMatchObject({
      ok: false,
      reason: 'plan_entry',
    });
    expect(await walkFromPlan(links.slice(10), plan, head)).toMatchObject({ reason: 'plan_entry', seq: 11 });
    expect(await walkFromPlan([], plan, head)).toMatchObject({ reason: 'plan_entry', seq: null });
    expect(await walkFromPlan(tail.slice(0, 20), plan, head)).toMatchObject({ reason: 'short', seq: 29 });
    expect(await walkFromPlan(tail, plan, { seq: 40, hash: nodeSha('a fork') })).toMatchObject({
      reason: 'head',
      seq: 40,
    });
  });

  it('reads NDJSON as it arrives, across chunk boundaries, from a stream or an iterable', async () => {
    const links = chainOf(30);
    const bytes = new TextEncoder().encode(links.map((link) => `${JSON.stringify(link)}\n`).join(''));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 97) }, (_, index) =>
      bytes.slice(index * 97, index * 97 + 97),
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    expect(await walkChain(ndjsonValues(stream))).toMatchObject({ ok: true, length: 30 });
    async function* iterable() {
      yield* chunks;
      yield new TextEncoder().encode('{"seq": oops}\n');
    }
    expect(await walkChain(ndjsonValues(iterable()))).toMatchObject({ reason: 'malformed', seq: null });
  });
});
