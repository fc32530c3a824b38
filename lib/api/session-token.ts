// Where a request carries its session: the `token` header (app clients of spec §7) or the `token` cookie
// (browsers). The framework reads it; lib/accounts issues and resolves the tokens.
import { cookieValue } from '@/lib/cookies';

export const TOKEN_COOKIE = 'token';
export const TOKEN_HEADER = 'token';

/** Reads the token from the `token` header, else the `token` cookie. */
export function tokenOfRequest(headers: Headers) {
  const header = headers.get(TOKEN_HEADER);
  if (header) return header;
  return cookieValue(headers.get('cookie'), TOKEN_COOKIE);
}
