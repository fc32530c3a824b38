// Requests Node's HTTP parser refuses before any route sees them get the portal's envelope too, with the
// right status: a query string or headers too large (431), chunk extensions too large (413), a request
// too slow to arrive (408), anything malformed (400). server.ts installs it as the server's `clientError`
// listener. Nothing of the request was read, so the message is in the default language.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { CODE } from '@/lib/api/errors';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';

type Refusal = {
  status: number;
  message: 'HEADERS_TOO_LARGE' | 'REQUEST_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'BAD_REQUEST';
};

/** Node's codes (llhttp's `HPE_*`, http's `ERR_*`) that are not a malformed request. */
const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'HEADERS_TOO_LARGE' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'REQUEST_TOO_LARGE' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'REQUEST_TIMEOUT' },
};
const MALFORMED: Refusal = { status: 400, message: 'BAD_REQUEST' };

/** The whole HTTP/1.1 response for a refused request: status, the JSON envelope, and the connection closed. */
export function clientErrorResponse(code: string | undefined) {
  const refusal = (code && REFUSALS[code]) || MALFORMED;
  const t = translator(DEFAULT_LOCALE);
  const body = JSON.stringify({ code: CODE.ERROR, msg: t(`errors.${refusal.message}`), data: null });
  return [
    `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** `server.on('clientError', handleClientError)`: answers with the envelope when the socket still can. */
export function handleClientError(error: Error & { code?: string }, socket: Duplex) {
  // A reset peer hears nothing; a response already under way on this connection cannot be followed by another.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code));
}
