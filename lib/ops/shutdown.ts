// Draining an http server for a graceful shutdown: no new connection is accepted, idle keep-alive
// connections are closed, requests under way finish, and whatever is still open after the grace period
// is cut.
import type http from 'node:http';

/**
 * Stops `server` gracefully: resolves once every connection has ended, `forced` when the grace period ran
 * out and the rest were cut. A keep-alive connection is closed as soon as its request is answered.
 */
export async function drainHttpServer(server: http.Server, graceMs: number, pollMs = 100) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection that finishes its request becomes idle: close it then, not at the end of the grace.
  const idle = setInterval(() => server.closeIdleConnections(), pollMs);
  let timer: NodeJS.Timeout | undefined;
  const forced = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearInterval(idle);
  clearTimeout(timer);
  if (forced) {
    server.closeAllConnections();
    // Upgraded sockets (websockets) are not the http server's to cut: their owner closes them.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
  return { forced };
}
