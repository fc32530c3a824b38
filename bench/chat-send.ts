// The room-chat send path alone (issue 11): `api/live/sendChatSensitive` through the API app in-process,
// on the embedded Postgres with a pool of 10 like the portal, no sockets joined — so the figure is what
// a send costs (session, checks, insert, push), not what fanning it out costs (bench/chat-fanout.ts).
// Reports ms per send for 50 sequential sends and sends per second for 20 concurrent senders (100 sends,
// each sender a different user, so no rate limit is hit). Every process shares the machine's cores.
// Usage: npx tsx bench/chat-send.ts

import { chatRoomScene } from './chat-room';

async function main() {
  const { createApiApp } = await import('@/lib/server/api-app');
  const { database, db, pool, roomId, tokens } = await chatRoomScene('.data/bench-probe', 200, 10);
  const app = createApiApp({ db: () => db });
  let n = 0;
  const send = async (token: string) => {
    n += 1;
    const r = await app.request('/api/live/sendChatSensitive', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ room_id: roomId, content: `m${n} x` }),
    });
    const j = (await r.json()) as { code: number; msg?: string };
    if (j.code !== 0) console.log(j);
  };
  let t = performance.now();
  for (let i = 0; i < 50; i++) await send(tokens[i]!);
  console.log('sequential ms/send', ((performance.now() - t) / 50).toFixed(1));
  t = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      for (let i = 0; i < 5; i++) await send(tokens[50 + w * 5 + i]!);
    }),
  );
  console.log('20 concurrent: sends/s', (100 / ((performance.now() - t) / 1000)).toFixed(1));
  await pool.end();
  await database.stop();
}
main();
