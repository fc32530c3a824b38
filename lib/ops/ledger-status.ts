// The latest ledger check's outcome as this node can read it: readiness (`/api/ready`) reports it and
// `/metrics` exports it. The check itself runs as the cluster's `ledger-check` job on one node; server.ts
// hands in a reader of that job's last tick (lib/jobs/ledger-check.ts), since lib/ops imports no domain.
// State lives on globalThis so server.ts and Next's separately bundled API routes share it.

export type LedgerStatus = {
  /** How many problems the latest check found (0: the ledger balances and escrow reconciles). */
  problems: number;
  checkedAt: Date;
};

type State = { read?: () => Promise<LedgerStatus | null> };
const globalRef = globalThis as { __portalLedgerStatus?: State };
globalRef.__portalLedgerStatus ??= {};
const state = globalRef.__portalLedgerStatus;

/** Where this node reads the latest check from (server.ts); `undefined`: it does not. */
export function setLedgerStatusReader(read: (() => Promise<LedgerStatus | null>) | undefined) {
  state.read = read;
}

/**
 * The latest check: `undefined` when this node reads none, `null` before the first check. Throws when
 * it cannot be read.
 */
export async function readLedgerStatus(): Promise<LedgerStatus | null | undefined> {
  return state.read ? state.read() : undefined;
}
