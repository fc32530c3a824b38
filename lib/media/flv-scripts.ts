// The source of flv-prefetch.js, for the live room page's inline <script> (with the page's CSP nonce)
// and for FLV_SCRIPT (lib/media/http.ts), read once.
import fs from 'node:fs';
import path from 'node:path';

let source: string | null = null;

export function flvPrefetchSource() {
  source ??= fs.readFileSync(path.join(process.cwd(), 'lib/media/flv-prefetch.js'), 'utf8');
  return source;
}

/** An inline script that opens the room's HTTP-FLV stream at once (see flv-prefetch.js). */
export function flvPrefetchScript(url: string) {
  // `<` escaped: the URL cannot close the script element.
  const argument = JSON.stringify(url).replace(/</g, '\\u003c');
  return `(() => {\n${flvPrefetchSource()}\nprefetchLiveFlv(${argument});\n})();`;
}
