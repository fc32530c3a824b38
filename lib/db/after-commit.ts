// Work that must wait until the transaction around it has committed: a push that makes clients read
// again (a guess voided in the review queue's transaction) would otherwise reach them while the change is
// still invisible, and they would read the old state and stop. Every `db.transaction` of the process runs
// in a scope (createDb wraps it); `afterCommit` inside one waits for its commit and is dropped on a
// rollback; outside any, it runs at once. Savepoints (`tx.transaction`) belong to the scope around them.
// The store sits on globalThis: the custom server and Next's separately bundled routes share it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '@/lib/log';

type Scope = { pending: (() => void)[]; open: boolean };

const holder = globalThis as { __portalCommitScopes?: AsyncLocalStorage<Scope> };
holder.__portalCommitScopes ??= new AsyncLocalStorage<Scope>();
const scopes = holder.__portalCommitScopes;

/** Runs `work` (one transaction) as a scope: what it defers runs once it has resolved. */
export async function inCommitScope<T>(work: () => Promise<T>): Promise<T> {
  const scope: Scope = { pending: [], open: true };
  try {
    const result = await scopes.run(scope, work);
    scope.open = false;
    for (const run of scope.pending) {
      try {
        run();
      } catch (error) {
        log.warn({ err: error }, 'work after a commit failed');
      }
    }
    return result;
  } finally {
    scope.open = false;
  }
}

/** Runs `work` once the surrounding transaction commits (never, if it rolls back), or now outside one. */
export function afterCommit(work: () => void) {
  const scope = scopes.getStore();
  if (scope?.open) scope.pending.push(work);
  else work();
}
