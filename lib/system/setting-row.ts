// One operator setting's row in `system_settings` written (inserted or replaced), with who and when: the
// general settings (./settings.ts), the backup schedule and the retention each keep their value this way.
import type { DbOrTx } from '@/lib/db';
import { systemSettings } from './schema';

export async function writeSetting(
  tx: DbOrTx,
  key: string,
  value: unknown,
  meta: { now: Date; actorId: number },
) {
  await tx
    .insert(systemSettings)
    .values({ key, value, updatedAt: meta.now, updatedBy: meta.actorId })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value, updatedAt: meta.now, updatedBy: meta.actorId },
    });
}
