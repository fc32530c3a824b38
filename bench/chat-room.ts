// The scene the chat benches share: a fresh embedded Postgres under `dataDir`, migrated, with an anchor,
// the anchor's room and `senders` signed-in viewers (one session token each).
import fs from 'node:fs';

export async function chatRoomScene(dataDir: string, senders: number, poolSize: number) {
  const { createDb, runMigrations } = await import('@/lib/db');
  const { bootDatabase } = await import('@/lib/db/bootstrap');
  const { createSession } = await import('@/lib/accounts/session');
  const { ensureRoom } = await import('@/lib/live/service');
  const { users } = await import('@/lib/accounts/schema');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await bootDatabase(
    { DATA_DIR: dataDir, EMBEDDED_PG_PORT: 0, DATABASE_URL: undefined },
    () => {},
  );
  const { db, pool } = createDb(database.url, poolSize);
  await runMigrations(db);
  const [anchor] = await db
    .insert(users)
    .values({ mobile: '13000000000', nickname: 'bench anchor', isAnchor: true })
    .returning();
  const room = await ensureRoom(db, anchor!.id);
  const viewers = await db
    .insert(users)
    .values(
      Array.from({ length: senders }, (_, i) => ({
        mobile: `131${String(i).padStart(8, '0')}`,
        nickname: `s${i}`,
      })),
    )
    .returning({ id: users.id });
  const tokens: string[] = [];
  for (const viewer of viewers) tokens.push((await createSession(db, viewer.id, new Date())).token);
  return { database, db, pool, roomId: room.id, tokens, userIds: viewers.map((viewer) => viewer.id) };
}
