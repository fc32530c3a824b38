// The portal's security headers: a strict Content-Security-Policy with a fresh nonce per page request
// (Next's documented pattern: the proxy puts the policy on the request, Next stamps the nonce on its own
// scripts), and the headers every response carries, pages, API, media and uploads alike (server.ts).
import type { ServerResponse } from 'node:http';
import type { Config } from '@/lib/config/schema';
import { LOCALES } from '@/lib/i18n/routing';

/** Where browsers send violation reports (lib/system/csp-report-api.ts logs them). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The request header that hands the page's nonce to server components. */
export const NONCE_HEADER = 'x-nonce';

type PolicyConfig = Pick<
  Config,
  'NODE_ENV' | 'WEBSOCKET_URL' | 'MEDIA_CDN_URL' | 'S3_PUBLIC_URL' | 'S3_ENDPOINT' | 'STORAGE_PROVIDER'
>;

/** 128 random bits, base64: unguessable, new for every page request. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

/** The websocket origin in both schemes a browser may use for it (ws for http, wss for https). */
function websocketSources(url: string | undefined): string[] {
  if (!url) return [];
  const { host, protocol } = new URL(url);
  if (protocol === 'wss:' || protocol === 'https:') return [`https://${host}`, `wss://${host}`];
  return [`http://${host}`, `ws://${host}`];
}

function serialize(directives: Record<string, (string | undefined)[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources.filter(Boolean))].join(' '))
    .join('; ');
}

/**
 * The policy of every page. Scripts: only those carrying the nonce and what they load ('strict-dynamic';
 * Next's chunks, the player's and the captcha's code). Workers from blob: (mpegts.js and video.js transmux
 * in one; ALTCHA solves its proof of work in several). Media from blob: (MSE). Styles allow inline
 * because Radix positions popovers and the player, toasts and the captcha inject style elements at run
 * time; no script can run from a style.
 */
export function pageContentSecurityPolicy(nonce: string, config: PolicyConfig): string {
  const dev = config.NODE_ENV !== 'production';
  const s3 =
    config.STORAGE_PROVIDER === 's3' ? [originOf(config.S3_PUBLIC_URL), originOf(config.S3_ENDPOINT)] : [];
  const mediaCdn = originOf(config.MEDIA_CDN_URL);
  return serialize({
    'default-src': ["'self'"],
    // React's development build evaluates strings for its call stacks; never in production.
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", dev ? "'unsafe-eval'" : undefined],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...s3],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', mediaCdn, ...s3],
    'connect-src': ["'self'", ...websocketSources(config.WEBSOCKET_URL), mediaCdn, ...s3],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // report-uri rather than report-to: the Reporting API only reports from secure contexts, and a
    // self-hosted install may serve plain http on a LAN.
    'report-uri': [CSP_REPORT_PATH],
  });
}

/**
 * The policy of everything that is not a page (API answers, the API docs, HLS, uploads, Next's static
 * files): nothing may run, no one may frame it; the docs page keeps its inline style.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** Browser features the portal never uses stay off for it and anything it could embed. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'browsing-topics=()',
  'interest-cohort=()',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'autoplay=(self)',
].join(', ');

/** Two years, subdomains included: the value HSTS preload lists ask for. */
const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/** The path of the live room's page (`/live?id=…`), in any locale. */
export const ROOM_PAGE_PATH = new RegExp(`^(?:/(?:${LOCALES.join('|')}))?/live/?$`);

/**
 * Whether a response is kept apart from the windows that opened it (Cross-Origin-Opener-Policy), by its
 * URL: everything but the live room's page. A page with the policy cannot share the renderer process of
 * the tab it is opened in (a new tab's blank page, a page of another site where the browser does not
 * isolate sites): the browser starts a process first, 0.2–0.4 s on a busy 2-core machine (bench/live.ts
 * serves a copy of the room page with the policy to measure it), which a viewer joining a room would wait
 * for before the first frame. The room is public and shared as a link; what the policy guards (a window
 * handle for a cross-site opener to count frames or follow navigations) holds nothing private there,
 * and the pages that do (wallet, messages, member centre) keep it: a handle to the room loses its way
 * into them as soon as it is navigated to one.
 */
export function keepsOpenerApart(url: string | undefined): boolean {
  // Every response passes here: most are told apart without a pattern.
  if (!url?.includes('/live')) return true;
  const query = url.indexOf('?');
  return !ROOM_PAGE_PATH.test(query < 0 ? url : url.slice(0, query));
}

/** The headers of every response, whatever serves it (`openerPolicy`: see keepsOpenerApart). */
export function commonSecurityHeaders(
  config: Pick<Config, 'HSTS'>,
  { openerPolicy = true }: { openerPolicy?: boolean } = {},
): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // Old browsers that know no frame-ancestors.
    'X-Frame-Options': 'DENY',
    ...(openerPolicy ? { 'Cross-Origin-Opener-Policy': 'same-origin' } : {}),
    ...(config.HSTS ? { 'Strict-Transport-Security': HSTS_VALUE } : {}),
  };
}

/**
 * Gives every response of the http server the common headers, and the resource policy unless a page
 * set its own (the proxy's nonce policy) by the time the headers go out.
 */
export function applySecurityHeaders(response: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.hasHeader('content-security-policy'))
      this.setHeader('Content-Security-Policy', RESOURCE_CONTENT_SECURITY_POLICY);
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.writeHead;
}

/** Header value of `serialize` for a test's or tool's reading: the directives by name. */
export function parsePolicy(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}
