// A read the browser makes because a push told it the state changed (a room went live, ended, was
// sealed or lifted). With a read replica (DATABASE_REPLICA_URL) that has not replayed the write yet,
// it would get the state before the push and keep showing it until its next refresh; so such a read
// names itself with this header and is served by the primary (lib/api/route.ts). Every other read of
// the same browser stays on the replica.
export const AFTER_PUSH_HEADER = 'x-after-push';
