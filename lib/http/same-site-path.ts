// Where a redirect may go when the destination came from the request (login `redirect`, the 18+ check's
// `next`, the mobile site, the language switch): a path of this portal only. The target is parsed the
// way a browser parses a Location header (WHATWG URL: tabs and newlines dropped, backslashes read as
// slashes, dot segments resolved), and only a result on the portal's own origin whose path starts with a
// single slash is kept; everything else gives the fallback. The answer is serialised by the parser, so it
// is ASCII with its special characters percent-encoded: it is always a valid header value.

/** A stand-in origin: only targets that stay on it are paths of this portal. */
const HERE = 'http://portal.invalid';

/** The path, query and hash of `target` if it is a path of this portal, else `fallback`. */
export function sameSitePath(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string' || target.length > 2048) return fallback;
  // Browsers strip leading C0 controls and spaces; a path must then begin with exactly one slash.
  let start = 0;
  while (start < target.length && target.charCodeAt(start) <= 0x20) start += 1;
  const trimmed = target.slice(start);
  if (!/^\/(?![/\\\t\n\r])/.test(trimmed.replace(/[\t\n\r]/g, ''))) return fallback;
  let url: URL;
  try {
    url = new URL(trimmed, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//host` resolves to `//host`, which a browser would read as another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}

/**
 * `path` (a request's path, query and hash) on another site of ours, e.g. the mobile site: the result
 * is always on `siteUrl`'s origin, whatever the path holds.
 */
export function pathOnSite(siteUrl: string, path: string) {
  const base = new URL(siteUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}${sameSitePath(path, '/')}`;
}
