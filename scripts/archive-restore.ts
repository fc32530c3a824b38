// `npm run archive:restore -- FILE`: loads one cold file of the `archive-aged` job (lib/jobs/archive.ts) back
// into its table in the portal's database (DATABASE_URL, or the embedded one of DATA_DIR, running or not),
// in one transaction. The file proves itself first (every row counted and checksummed against its
// manifest; an audit file's entries recomputed to its signed checkpoint) and the loaded rows are counted
// and checksummed again before it commits: a damaged file, or rows already there, load nothing.
// `npm run archive:restore -- --verify FILE` checks the file alone. See docs/operations.md, "Data that ages".
import fs from 'node:fs';
import { auditSigner } from '@/lib/audit/checkpoints';
import { getConfig } from '@/lib/config';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { auditCheck, describeCold } from '@/lib/jobs/archive';
import { parseBackupArgs, RestoreRefused } from '@/lib/ops/backup';
import { restoreColdFile, withProvenColdFile } from '@/lib/ops/cold-file';
import { COLD_TABLES } from '@/lib/system/schema';

const USAGE = 'usage: npm run archive:restore -- FILE | npm run archive:restore -- --verify FILE';

async function main() {
  const args = parseBackupArgs(process.argv.slice(2), USAGE);
  if (!args.file || !fs.existsSync(args.file)) throw new Error(USAGE);
  const options = { tables: COLD_TABLES, check: auditCheck(auditSigner()) };
  try {
    if (args.verify) {
      const manifest = await withProvenColdFile(args.file, options, async ({ manifest }) => manifest);
      console.log(`${args.file}: verified (${describeCold(manifest)})`);
      return;
    }
    const { url, stop, where } = await openPortalDatabase(getConfig());
    try {
      const { manifest } = await restoreColdFile(url, args.file, options);
      console.log(`restored ${describeCold(manifest)} into ${where}, recounted and re-checksummed`);
    } finally {
      await stop();
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw new Error(`${args.file} refused: ${error.message}`);
    throw error;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
