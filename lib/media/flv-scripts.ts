// The source of flv-prefetch.js, for the live room page's inline <script> (with the page's CSP nonce)
// and for FLV_SCRIPT (lib/media/http.ts), read once.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_TICKET } from './render-gate';

let source: string | null = null;

export function flvPrefetchSource() {
  source ??= fs.readFileSync(path.join(process.cwd(), 'lib/media/flv-prefetch.js'), 'utf8');
  return source;
}

/**
 * An inline script that opens the room's HTTP-FLV stream at once (see flv-prefetch.js), naming the page
 * by `ticket` to the server (render-gate.ts).
 */
export function flvPrefetchScript(url: string, ticket?: string) {
  // `<` escaped: neither can close the script element.
  const argument = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const query = ticket ? `, ${argument({ [PAGE_TICKET]: ticket })}` : '';
  return `(() => {\n${flvPrefetchSource()}\nprefetchPageFlv(${argument(url)}${query});\n})();`;
}
