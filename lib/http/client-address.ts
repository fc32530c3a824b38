// The client's network address, for rate limits, logs and the realtime gateway. It is the socket's
// peer unless that peer is a proxy listed in TRUSTED_PROXIES; then it is the right-most entry of
// `X-Forwarded-For` that is not itself a trusted proxy (entries left of it are whatever the client
// wrote, so they never count). With no trusted proxy configured, `X-Forwarded-For` is ignored.
//
// The socket's address reaches the API (which runs inside Next) in the `x-portal-peer` header:
// `server.ts` overwrites it on every request with `request.socket.remoteAddress`, so a client cannot
// choose it.
import { BlockList, isIP } from 'node:net';
import { getConfig } from '@/lib/config';

export const PEER_HEADER = 'x-portal-peer';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is the IPv4 address. */
export function normaliseAddress(address: string | null | undefined) {
  const value = (address ?? '').trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  return mapped ? mapped[1]! : value;
}

export type TrustedProxies = { has: (address: string) => boolean; size: number };

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.0/8`, `::1`); throws on a bad entry. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address);
    if (!type) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const family = type === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (type === 4 ? 32 : 128))
        throw new Error(`"${entry}" has a bad prefix length`);
      list.addSubnet(address, bits, family);
    }
  }
  return {
    size: entries.length,
    has: (address) => {
      const normalised = normaliseAddress(address);
      const type = isIP(normalised);
      return type !== 0 && list.check(normalised, type === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export const NO_TRUSTED_PROXIES: TrustedProxies = { size: 0, has: () => false };

/** The client's address from the socket's peer and the `X-Forwarded-For` chain the peer sent. */
export function resolveClientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
) {
  let address = normaliseAddress(peer) || 'unknown';
  if (trusted.size && trusted.has(address) && forwardedFor) {
    const chain = forwardedFor
      .split(',')
      .map(normaliseAddress)
      .filter((entry) => isIP(entry));
    for (let index = chain.length - 1; index >= 0; index -= 1) {
      address = chain[index]!;
      if (!trusted.has(address)) break;
    }
  }
  return address.slice(0, 64);
}

/** The address of an API request (see PEER_HEADER). */
export function requestClientAddress(headers: Headers, trusted: TrustedProxies) {
  return resolveClientAddress(headers.get(PEER_HEADER), headers.get('x-forwarded-for'), trusted);
}

let configured: { source: readonly string[]; trusted: TrustedProxies } | undefined;

/** The configured TRUSTED_PROXIES (read once per config). */
export function trustedProxies(): TrustedProxies {
  const source = getConfig().TRUSTED_PROXIES;
  if (configured?.source !== source) configured = { source, trusted: parseTrustedProxies(source.join(',')) };
  return configured.trusted;
}

/** The client address of an API request, with the portal's TRUSTED_PROXIES. */
export const clientAddress = (headers: Headers) => requestClientAddress(headers, trustedProxies());

/**
 * The origin the browser used to reach us (`https://portal.example`), for links we hand out (QR login,
 * payment return pages, the websocket address) and the session cookie's `Secure` flag. `X-Forwarded-Proto`
 * and `X-Forwarded-Host` are believed only from a trusted proxy: from anyone else they are whatever the
 * client wrote. The portal itself serves plain HTTP, so without a proxy the scheme is `http`.
 */
export function requestOrigin(headers: Headers, trusted: TrustedProxies = trustedProxies()) {
  const proxied = trusted.size > 0 && trusted.has(headers.get(PEER_HEADER) ?? '');
  const first = (value: string | null) => value?.split(',')[0]?.trim() || undefined;
  const forwardedProto = proxied ? first(headers.get('x-forwarded-proto')) : undefined;
  const proto = forwardedProto === 'https' ? 'https' : 'http';
  const host =
    (proxied ? first(headers.get('x-forwarded-host')) : undefined) ?? headers.get('host') ?? 'localhost';
  return `${proto}://${host}`;
}
