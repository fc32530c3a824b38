// Operations at a year's volume (issue #45 item 4), on the year `npm run seed:year` filled (bench/year.ts,
// .data/bench-year, YEAR_PG_PORT): the database's size, `ledger:check` in full and from the proven point,
// a backup of the year (the .tar.gz `npm run backup` writes) and its restore with every check into a new
// database on the same server, each step of the restore timed. Prints the figures with the load average and
// writes bench/results/year-ops.json. YEAR_OPS_KEEP=1 keeps the backup file (in os.tmpdir()).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createDb } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { quoted, restoreDatabase } from '@/lib/ops/backup';
import { writeBackupArchive } from '@/lib/ops/backup-archive';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';
import { HOLDINGS } from '@/lib/server/holdings';
import { provenCheck } from '@/lib/wallet/proven-point';

const DATA_DIR = '.data/bench-year';
const PORT = Number(process.env.YEAR_PG_PORT ?? '55440');

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

async function timed<T>(name: string, work: () => Promise<T>) {
  const started = performance.now();
  const value = await work();
  const took = seconds(started);
  console.log(`${name}: ${took} s (load ${os.loadavg()[0]!.toFixed(1)})`);
  return { value, took };
}

async function main() {
  if (!fs.existsSync(DATA_DIR)) throw new Error('no filled year: run `YEAR_SCALE=… npm run seed:year` first');
  const server = await bootDatabase({ DATA_DIR, EMBEDDED_PG_PORT: PORT, DATABASE_URL: undefined }, () => {});
  const yearUrl = server.url.replace(/\/portal$/, '/year');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'year-ops-'));
  const admin = new Client({ connectionString: yearUrl });
  await admin.connect();
  const restoredName = 'year_restored';
  try {
    const size = await admin.query<{ bytes: string; rows: string }>(
      `select pg_database_size(current_database())::text as bytes,
              (select sum(n_live_tup) from pg_stat_user_tables)::text as rows`,
    );
    const gigabytes = Number(size.rows[0]!.bytes) / 1024 ** 3;
    console.log(
      `the year: ${gigabytes.toFixed(2)} GB, about ${Number(size.rows[0]!.rows).toLocaleString('en')} rows`,
    );

    const year = createDb(yearUrl, 2);
    // The bench's clock is the run's: the proven point records when it was proven.
    const now = new Date();
    const full = await timed('ledger:check --full', () =>
      provenCheck(year.db, HOLDINGS, { full: true, now }),
    );
    const since = await timed('ledger:check (from the proven point)', () =>
      provenCheck(year.db, HOLDINGS, { full: false, now }),
    );
    await year.pool.end();
    if (!full.value.report.ok || !since.value.report.ok) throw new Error('the year does not balance');

    const file = path.join(work, 'year.tar.gz');
    const backup = await timed('backup', () =>
      writeBackupArchive(yearUrl, file, { facts: PORTAL_BACKUP_FACTS }),
    );
    const megabytes = fs.statSync(file).size / 1024 / 1024;
    console.log(`  ${backup.value.rows.toLocaleString('en')} rows, ${megabytes.toFixed(0)} MB`);

    await admin.query(`drop database if exists ${quoted(restoredName)} with (force)`);
    await admin.query(`create database ${quoted(restoredName)}`);
    const target = new URL(yearUrl);
    target.pathname = `/${restoredName}`;
    const steps: string[] = [];
    const restore = await timed('restore with every check (unpacking included)', async () => {
      const unpacked = path.join(work, 'unpacked');
      fs.mkdirSync(unpacked);
      const unpacking = performance.now();
      execFileSync('tar', ['-xzf', file, '-C', unpacked]);
      steps.push(`unpacked: ${seconds(unpacking)} s`);
      console.log(`  ${steps[0]}`);
      return restoreDatabase(target.toString(), unpacked, PORTAL_BACKUP_FACTS, {
        log: (line) => {
          steps.push(line);
          console.log(`  ${line}`);
        },
      });
    });
    const result = {
      date: new Date().toISOString(),
      load: os.loadavg(),
      gigabytes,
      ledgerCheck: { full: full.took, since: since.took },
      backup: { seconds: backup.took, megabytes, rows: backup.value.rows },
      restore: { seconds: restore.took, steps },
    };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/year-ops.json', `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await admin.query(`drop database if exists ${quoted(restoredName)} with (force)`).catch(() => {});
    await admin.end();
    if (process.env.YEAR_OPS_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
