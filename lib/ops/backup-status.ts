// The scheduled backups' health as this node can read it, for readiness (`/api/ready`'s `backup`):
// server.ts hands in a reader of the `backup_runs` table and the schedule (lib/jobs/backup.ts), since
// lib/ops imports no domain. State lives on globalThis so server.ts and Next's API routes share it.

export type BackupStatus = 'ok' | 'off' | 'failed' | 'overdue';
export type BackupHealth = { status: BackupStatus; lastSuccessAt: Date | null };

type State = { read?: () => Promise<BackupHealth> };
const globalRef = globalThis as { __portalBackupStatus?: State };
globalRef.__portalBackupStatus ??= {};
const state = globalRef.__portalBackupStatus;

/** Where this node reads the backups' health from (server.ts); `undefined`: it does not. */
export function setBackupStatusReader(read: (() => Promise<BackupHealth>) | undefined) {
  state.read = read;
}

/** The backups' health: `undefined` when this node reads none. Throws when it cannot be read. */
export async function readBackupStatus(): Promise<BackupHealth | undefined> {
  return state.read ? state.read() : undefined;
}
