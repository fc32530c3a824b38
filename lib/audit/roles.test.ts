// The two database roles of docs/operations.md ("Database roles and the audit log's head"), set up with the
// SQL printed there: the owner runs the migrations (MIGRATION_DATABASE_URL), the portal's role appends to
// the audit log and signs checkpoints, but cannot disable, drop or bypass the append-only trigger, replace
// its function, or edit, delete or truncate an entry; it archives the oldest entries only up to a
// checkpoint, through the owner's function.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createDb, runMigrationsAsOwner } from '@/lib/db';
import { NOON } from '@/lib/testing/clock';
import { appendAudit, verifyAuditChain } from './service';

const OPERATIONS = readFileSync(path.join(__dirname, '../../docs/operations.md'), 'utf8');
const section = OPERATIONS.slice(OPERATIONS.indexOf("## Database roles and the audit log's head"));
const sqlBlocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!);

const suffix = randomBytes(4).toString('hex');
const names = { database: `portal_test_roles_${suffix}`, owner: `owner_${suffix}`, app: `app_${suffix}` };
/** The document's SQL with this run's names (roles are cluster-wide: parallel files must not collide). */
const ours = (text: string) =>
  text
    .replace(/\bkickoff_owner\b/g, names.owner)
    .replace(/\bkickoff_app\b/g, names.app)
    .replace(/\bkickoff\b/g, names.database);

const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL!;
const urlAs = (role: string, password: string, database = names.database) => {
  const url = new URL(adminUrl());
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
};
async function asAdmin(database: string | null, text: string) {
  const url = new URL(adminUrl());
  if (database) url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // One statement at a time, as psql sends them (CREATE DATABASE refuses a multi-statement query).
    for (const statement of text.split(/;\s*\n/).filter((each) => each.replace(/--.*$/gm, '').trim()))
      await client.query(statement);
  } finally {
    await client.end();
  }
}

let app: ReturnType<typeof createDb>;

beforeAll(async () => {
  const [cluster, inDatabase] = ours(sqlBlocks[0]!).split(`\\c ${names.database}\n`);
  await asAdmin(null, cluster!);
  await asAdmin(names.database, inDatabase!);
  app = createDb(urlAs(names.app, 'change-me-app'), 2);
  await runMigrationsAsOwner(app.db, urlAs(names.owner, 'change-me-owner'));
  await asAdmin(names.database, ours(sqlBlocks[1]!));
}, 60_000);

afterAll(async () => {
  await app?.pool.end();
  await asAdmin(null, `drop database if exists "${names.database}" with (force)`);
  await asAdmin(null, `drop role if exists "${names.app}"; drop role if exists "${names.owner}"`);
});

/** What the database said when it refused (drizzle wraps it). */
async function refusal(text: string) {
  const client = await app.pool.connect();
  try {
    await client.query(text);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  } finally {
    client.release();
  }
}

it('migrates as the owner, then the portal role appends and signs a checkpoint', async () => {
  const { rows } = await app.pool.query<{ owner: string }>(
    "select pg_get_userbyid(relowner) as owner from pg_class where relname = 'audit_log'",
  );
  expect(rows[0]!.owner).toBe(names.owner);
  await appendAudit(
    app.db,
    { at: NOON, actorId: 1, actorRole: 'operator', action: '/api/admin/test', after: { n: 1 } },
    { signer: null, every: 1000 },
  );
  expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true, entries: 1, checkpoint: { seq: 1 } });
  // pg-boss can make its own schema.
  expect(await refusal('create schema pgboss_probe')).toBe('accepted');
});

it('refuses the portal role every way around the append-only log', async () => {
  for (const statement of [
    'alter table audit_log disable trigger audit_log_no_update_delete',
    'alter table audit_log disable trigger all',
    'drop trigger audit_log_no_update_delete on audit_log',
    'create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$',
    'set session_replication_role = replica',
    "update audit_log set reason = 'x'",
    'delete from audit_log',
    'truncate audit_log',
    'delete from audit_checkpoints',
    'drop table audit_log',
    'create table public.elsewhere (id int)',
  ])
    expect([statement, await refusal(statement)]).toEqual([
      statement,
      expect.stringMatching(/must be owner|permission denied/),
    ]);
});

it('lets the portal role archive the oldest entries only up to a checkpoint, through the owner’s function', async () => {
  for (const n of [2, 3])
    await appendAudit(
      app.db,
      { at: NOON, actorId: 1, actorRole: 'operator', action: '/api/admin/test', after: { n } },
      { signer: null, every: 1000 },
    );
  // Entry 1 has the first checkpoint; entry 2 none.
  const { rows } = await app.pool.query<{ id: string }>('select id::text from audit_log order by id');
  expect(await refusal(`select audit_archive_delete(${rows[1]!.id}, 10)`)).toMatch(/only up to a checkpoint/);
  expect(
    await refusal(`select set_config('portal.audit_archive', 'on', false); delete from audit_log`),
  ).toMatch(/permission denied/);
  expect(await refusal(`select audit_archive_delete(${rows[0]!.id}, 10)`)).toBe('accepted');
  expect((await app.pool.query('select id from audit_log')).rowCount).toBe(2);
  expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true, entries: 3, archived: { seq: 1 } });
});
