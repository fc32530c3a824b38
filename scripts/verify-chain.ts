// Verifies a downloaded copy of the plan commitment chain offline (docs/verify-plans.md), with the same
// module the portal and the plan pages use (lib/experts/commitment.ts), and no database:
//   npx tsx scripts/verify-chain.ts plan-chain.ndjson [--head <hash you kept>] [--commitment <a plan's>]
// `-` reads standard input. Exit code 0 when every link follows (and the head and commitment are found),
// 1 otherwise, 2 on bad arguments.
import { createReadStream } from 'node:fs';
import { ChainWalk, chainLinkOf, ndjsonValues } from '@/lib/experts/commitment';

type Options = { file: string; head?: string; commitment?: string };

function parseArgs(args: string[]): Options | null {
  const options: Partial<Options> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--head' || arg === '--commitment') {
      const value = args[++index];
      if (!value || !/^[0-9a-f]{64}$/.test(value)) return null;
      options[arg === '--head' ? 'head' : 'commitment'] = value;
    } else if (!options.file) options.file = arg;
    else return null;
  }
  return options.file ? (options as Options) : null;
}

/** Walks the copy line by line; returns the report's lines and whether everything held. */
export async function verifyChainCopy(
  input: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  options: Omit<Options, 'file'> = {},
) {
  const walk = new ChainWalk();
  let found: number | null = null;
  for await (const value of ndjsonValues(input)) {
    if (!walk.add(value)) break;
    if (options.commitment && chainLinkOf(value)?.commitment === options.commitment)
      found = chainLinkOf(value)!.seq;
  }
  const verdict = walk.verdict();
  const lines: string[] = [];
  if (!verdict.ok) {
    lines.push(`BROKEN at entry ${verdict.seq ?? '?'}: ${verdict.reason}`);
    return { ok: false, lines };
  }
  let ok = true;
  lines.push(`ok: ${verdict.length} entries, every link follows`);
  lines.push(
    `head: ${verdict.head ? `entry ${verdict.head.seq}, hash ${verdict.head.hash}` : 'none (empty)'}`,
  );
  if (options.head) {
    const kept = verdict.head?.hash === options.head;
    ok &&= kept;
    lines.push(kept ? 'the head matches the one you kept' : 'MISMATCH: the head is not the one you kept');
  }
  if (options.commitment) {
    ok &&= found !== null;
    lines.push(
      found !== null ? `the commitment is entry ${found}` : 'MISSING: the commitment is not in the chain',
    );
  }
  return { ok, lines };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!options) {
    console.error(
      'usage: verify-chain.ts <file.ndjson | -> [--head <sha-256 hex>] [--commitment <sha-256 hex>]',
    );
    process.exit(2);
  }
  const input = options.file === '-' ? process.stdin : createReadStream(options.file);
  const report = await verifyChainCopy(input, options);
  for (const line of report.lines) console.log(line);
  process.exitCode = report.ok ? 0 : 1;
}

if (require.main === module)
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
