// The API app alone behind node's http server (no Next, no gateway): for the fault test that kills a
// server process mid-storm and for bench/gifts.ts. `npx tsx scripts/api-server.ts` runs it.
import http from 'node:http';
import type { ApiApp } from '@/lib/server/api-app';

export function serveApi(app: ApiApp, port: number, host = '127.0.0.1') {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(key, value);
    const body = chunks.length && request.method !== 'GET' ? Buffer.concat(chunks) : undefined;
    const answer = await app.fetch(
      new Request(`http://${host}:${port}${request.url}`, { method: request.method, headers, body }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise<http.Server>((resolve) => server.listen(port, host, () => resolve(server)));
}
