// What other domains do once someone has signed up (the invitation program records who invited them):
// each registers its step here when its routes are registered, so accounts, a kernel domain that
// every feature imports, imports none of them back.
import type { DbOrTx } from '@/lib/db';

export type Registration = {
  userId: number;
  /** The inviter whose code the person signed up with. */
  invitedBy: number | null;
  /** The request's address, and the browser's device signal when it is the portal's own cookie. */
  address: string;
  device: { deviceId: string; userId: number } | null;
  now: Date;
};

type Step = (db: DbOrTx, registration: Registration) => Promise<void>;

/** A set: registering the same step again (every app a test builds) runs it once. */
const steps = new Set<Step>();

export function afterRegistration(step: Step) {
  steps.add(step);
}

/** Runs every registered step, in the order registered. */
export async function registered(db: DbOrTx, registration: Registration) {
  for (const step of steps) await step(db, registration);
}
