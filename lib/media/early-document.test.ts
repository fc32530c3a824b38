// Which room requests are opened before Next renders (a viewer without a session whose request can only
// be answered with the room page), with what headers, and the proxy stamping the nonce chosen here.
import http from 'node:http';
import { Socket } from 'node:net';
import { NextRequest, NextResponse } from 'next/server';
import { withPageSecurity } from '@/lib/http/page-security';
import { NONCE_HEADER } from '@/lib/http/security-headers';
import { earlyDocumentOf, PAGE_CACHE_CONTROL, PAGE_VARY } from './early-document';

const CONFIG = {
  NODE_ENV: 'production' as const,
  MOBILE_REDIRECT: true,
  MOBILE_SITE_URL: 'https://m.example.com',
  WEBSOCKET_URL: undefined,
  MEDIA_CDN_URL: undefined,
  S3_PUBLIC_URL: undefined,
  S3_ENDPOINT: undefined,
  STORAGE_PROVIDER: 'local' as const,
};

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function request(url: string, headers: http.IncomingHttpHeaders = {}) {
  const message = new http.IncomingMessage(new Socket());
  message.method = 'GET';
  message.url = url;
  message.headers = { 'user-agent': DESKTOP, ...headers };
  return message;
}

it('opens a first visit: Next’s page headers, a fresh nonce in the policy and for the proxy, the language remembered', () => {
  const incoming = request('/en/live?id=7');
  const document = earlyDocumentOf(incoming, CONFIG)!;
  expect(document.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(incoming.headers[NONCE_HEADER]).toBe(document.nonce);
  // A ticket of its own, which its stream request names it by (render-gate.ts).
  expect(document.ticket).toMatch(/^[0-9a-f-]{36}$/);
  expect(earlyDocumentOf(request('/en/live?id=7'), CONFIG)!.ticket).not.toBe(document.ticket);
  expect(document.headers).toMatchObject({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': PAGE_CACHE_CONTROL,
    vary: PAGE_VARY,
    'set-cookie': 'NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=lax',
  });
  expect(document.headers['content-security-policy']).toContain(`'nonce-${document.nonce}' 'strict-dynamic'`);
  expect(document.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // The default language has no prefix; every request gets its own nonce.
  const chinese = earlyDocumentOf(request('/live?id=7'), CONFIG)!;
  expect(chinese.headers['set-cookie']).toMatch(/^NEXT_LOCALE=zh-CN;/);
  expect(chinese.nonce).not.toBe(document.nonce);
});

it('opens a returning visitor without a session, and remembers the language only when it changes', () => {
  const english = earlyDocumentOf(request('/en/live?id=7', { cookie: 'sidebar=1; NEXT_LOCALE=en' }), CONFIG)!;
  expect(english).not.toBeNull();
  expect(english.headers['set-cookie']).toBeUndefined();
  const switched = earlyDocumentOf(request('/en/live?id=7', { cookie: 'NEXT_LOCALE=zh-CN' }), CONFIG)!;
  expect(switched.headers['set-cookie']).toMatch(/^NEXT_LOCALE=en;/);
  // The default language remembered, on an unprefixed path: no redirect.
  expect(earlyDocumentOf(request('/live?id=7', { cookie: 'NEXT_LOCALE=zh-CN' }), CONFIG)).not.toBeNull();
  // Not a document (a script fetching the page): next-intl leaves the cookie alone, so does this.
  const fetched = earlyDocumentOf(request('/en/live?id=7', { 'sec-fetch-dest': 'empty' }), CONFIG)!;
  expect(fetched.headers['set-cookie']).toBeUndefined();
  // A phone that asked for the desktop site once.
  const phone = request('/live?id=7', { 'user-agent': PHONE, cookie: 'force_desktop=1' });
  expect(earlyDocumentOf(phone, CONFIG)).not.toBeNull();
});

it('leaves to Next whatever may be answered otherwise: a session, a language redirect, ?desktop, a phone sent to the mobile site', () => {
  expect(earlyDocumentOf(request('/live?id=7', { cookie: 'NEXT_LOCALE=en; token=abc' }), CONFIG)).toBeNull();
  expect(earlyDocumentOf(request('/en/live?id=7', { cookie: 'token=' }), CONFIG)).toBeNull();
  expect(earlyDocumentOf(request('/live?id=7', { cookie: 'NEXT_LOCALE=en' }), CONFIG)).toBeNull();
  expect(earlyDocumentOf(request('/live?id=7&desktop=1'), CONFIG)).toBeNull();
  const phone = request('/live?id=7', { 'user-agent': PHONE });
  expect(earlyDocumentOf(phone, CONFIG)).toBeNull();
  expect(phone.headers[NONCE_HEADER]).toBeUndefined();
  // Without a mobile site, the phone gets the room here too.
  expect(
    earlyDocumentOf(request('/live?id=7', { 'user-agent': PHONE }), { ...CONFIG, MOBILE_REDIRECT: false }),
  ).not.toBeNull();
});

it('the proxy stamps the nonce server.ts chose, and makes one otherwise', () => {
  const seen: string[] = [];
  const route = (next: NextRequest) => {
    seen.push(next.headers.get(NONCE_HEADER)!);
    return NextResponse.next();
  };
  const chosen = withPageSecurity(
    new NextRequest('http://portal/live?id=7', { headers: { [NONCE_HEADER]: 'chosen0nonce' } }),
    route,
  );
  expect(seen[0]).toBe('chosen0nonce');
  expect(chosen.headers.get('content-security-policy')).toContain("'nonce-chosen0nonce'");
  withPageSecurity(new NextRequest('http://portal/main'), route);
  expect(seen[1]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
});
