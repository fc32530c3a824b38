// The proxy's part of the security headers (Next's nonce pattern): a fresh nonce per page request,
// the policy on the request so Next stamps the nonce on its scripts, and on the response for the browser.
import { NextRequest, type NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { createNonce, NONCE_HEADER, pageContentSecurityPolicy } from './security-headers';

const API_PATH = /^\/api(\/|$)/i;

export function withPageSecurity(
  request: NextRequest,
  route: (request: NextRequest) => NextResponse,
): NextResponse {
  // API answers keep the resource policy server.ts gives everything.
  if (API_PATH.test(request.nextUrl.pathname)) return route(request);
  // server.ts chose it for a room page it opened before Next rendered (lib/media/early-document.ts);
  // it clears the header on every other request, so a client never picks a page's nonce.
  const nonce = request.headers.get(NONCE_HEADER) || createNonce();
  const policy = pageContentSecurityPolicy(nonce, getConfig());
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', policy);
  const response = route(new NextRequest(request, { headers }));
  response.headers.set('Content-Security-Policy', policy);
  return response;
}
