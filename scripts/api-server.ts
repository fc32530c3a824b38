// The API alone on API_PORT against DATABASE_URL (lib/testing/http-server.ts): used by the ledger's
// fault test (it SIGKILLs this process) and by bench/gifts.ts. Prints "listening <port>" when ready.
import { getDb } from '@/lib/db';
import { createApiApp } from '@/lib/server/api-app';
import { serveApi } from '@/lib/testing/http-server';

const port = Number(process.env.API_PORT ?? 0);
serveApi(createApiApp({ db: () => getDb() }), port).then((server) => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);
});
