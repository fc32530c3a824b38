import {
  NO_TRUSTED_PROXIES,
  PEER_HEADER,
  parseTrustedProxies,
  requestClientAddress,
  requestOrigin,
  resolveClientAddress,
} from './client-address';

describe('resolveClientAddress', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1');

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', NO_TRUSTED_PROXIES)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', '1.2.3.4', NO_TRUSTED_PROXIES)).toBe('203.0.113.9');
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '1.2.3.4', proxies)).toBe('unknown');
  });

  it('takes the right-most untrusted entry behind a trusted proxy', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:127.0.0.1', 'evil, 1.1.1.1, 198.51.100.1, 10.1.2.3', proxies)).toBe(
      '198.51.100.1',
    );
    expect(resolveClientAddress('::1', '2001:db8::5', proxies)).toBe('2001:db8::5');
    // Every entry trusted: the left-most is the best we know.
    expect(resolveClientAddress('127.0.0.1', '10.0.0.2, 10.0.0.3', proxies)).toBe('10.0.0.2');
    // A trusted proxy that sent no header: itself.
    expect(resolveClientAddress('10.0.0.9', null, proxies)).toBe('10.0.0.9');
    expect(resolveClientAddress('10.0.0.9', 'not-an-address', proxies)).toBe('10.0.0.9');
  });

  it('reads the peer from the header server.ts stamps', () => {
    const headers = new Headers({ [PEER_HEADER]: '127.0.0.1', 'x-forwarded-for': '198.51.100.7' });
    expect(requestClientAddress(headers, proxies)).toBe('198.51.100.7');
    expect(requestClientAddress(headers, NO_TRUSTED_PROXIES)).toBe('127.0.0.1');
  });

  it('refuses a malformed TRUSTED_PROXIES entry', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('bad prefix');
    expect(() => parseTrustedProxies('proxy.local')).toThrow('not an IP address');
    expect(parseTrustedProxies('').size).toBe(0);
  });
});

describe('requestOrigin', () => {
  const proxy = parseTrustedProxies('10.0.0.1');
  const forwarded = (peer: string) =>
    new Headers({
      host: 'internal:3000',
      [PEER_HEADER]: peer,
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'portal.example',
    });

  it('believes X-Forwarded-Proto and -Host from a trusted proxy', () => {
    expect(requestOrigin(forwarded('::ffff:10.0.0.1'), proxy)).toBe('https://portal.example');
  });

  it('ignores them from anyone else: the Host header over plain http', () => {
    expect(requestOrigin(forwarded('203.0.113.9'), proxy)).toBe('http://internal:3000');
    expect(requestOrigin(forwarded('10.0.0.1'), NO_TRUSTED_PROXIES)).toBe('http://internal:3000');
  });

  it('never takes a scheme other than http or https', () => {
    const headers = forwarded('10.0.0.1');
    headers.set('x-forwarded-proto', 'javascript');
    expect(requestOrigin(headers, proxy)).toBe('http://portal.example');
  });
});
