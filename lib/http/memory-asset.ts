// A file the portal's http server answers from memory (server.ts, before Next): its bytes and their
// compressed forms made once, an ETag from its content; each request is one lookup and one write.
// Used for Next's build output (static-assets.ts) and the live room's player script (lib/media/http.ts).
import { createHash } from 'node:crypto';
import type http from 'node:http';

export type MemoryAsset = {
  type: string;
  cacheControl: string;
  etag: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
};

/** The asset of `plain`, with whichever compressed forms the caller made of it. */
export function memoryAsset(
  type: string,
  cacheControl: string,
  plain: Buffer,
  compressed: { br?: Buffer; gzip?: Buffer } = {},
): MemoryAsset {
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 16)}"`;
  return { type, cacheControl, etag, plain, ...compressed };
}

/** The encodings the client accepts (`;q=0` refuses one). */
function acceptedEncodings(acceptEncoding: string | undefined) {
  return new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
}

/** Whether the client takes gzip (a response compressed as it streams, lib/media/app-hold.ts). */
export function acceptsGzip(acceptEncoding: string | undefined) {
  return choose(acceptedEncodings(acceptEncoding), { gzip: true }) === 'gzip';
}

/** The encoding to send when both are at hand: brotli, then gzip, when the client accepts it. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return choose(acceptedEncodings(acceptEncoding), { br: true, gzip: true });
}

function choose(accepted: Set<string>, available: { br?: unknown; gzip?: unknown }) {
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return null;
}

/** 200 with the best encoding the client takes, 304 for its ETag; HEAD without the body. */
export function sendAsset(asset: MemoryAsset, request: http.IncomingMessage, response: http.ServerResponse) {
  const headers: http.OutgoingHttpHeaders = {
    'content-type': asset.type,
    'cache-control': asset.cacheControl,
    etag: asset.etag,
  };
  if (asset.br || asset.gzip) headers.vary = 'Accept-Encoding';
  if (request.headers['if-none-match'] === asset.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  const encoding = choose(acceptedEncodings(request.headers['accept-encoding']), asset);
  const body = encoding ? asset[encoding]! : asset.plain;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}
