import { configSchema } from '@/lib/config/schema';
import {
  applySecurityHeaders,
  CSP_REPORT_PATH,
  commonSecurityHeaders,
  createNonce,
  keepsOpenerApart,
  pageContentSecurityPolicy,
  parsePolicy,
  RESOURCE_CONTENT_SECURITY_POLICY,
} from './security-headers';

const config = (env: Record<string, string> = {}) => configSchema.parse({ NODE_ENV: 'production', ...env });

describe('page Content-Security-Policy', () => {
  it('lets only scripts with the nonce run, and nothing frame the page', () => {
    const policy = parsePolicy(pageContentSecurityPolicy('abc123', config()));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('report-uri')).toEqual([CSP_REPORT_PATH]);
  });

  it('allows what the players and the captcha need: blob media and workers', () => {
    const policy = parsePolicy(pageContentSecurityPolicy('n', config()));
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('adds the configured websocket, media CDN and S3 origins', () => {
    const policy = parsePolicy(
      pageContentSecurityPolicy(
        'n',
        config({
          WEBSOCKET_URL: 'https://ws.example.com/socket',
          MEDIA_CDN_URL: 'https://cdn.example.com/live',
          STORAGE_PROVIDER: 's3',
          S3_ENDPOINT: 'https://s3.example.com',
          S3_BUCKET: 'portal',
          S3_ACCESS_KEY_ID: 'id',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_PUBLIC_URL: 'https://files.example.com/portal',
        }),
      ),
    );
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://ws.example.com',
      'wss://ws.example.com',
      'https://cdn.example.com',
      'https://files.example.com',
      'https://s3.example.com',
    ]);
    expect(policy.get('media-src')).toContain('https://cdn.example.com');
    expect(policy.get('img-src')).toContain('https://files.example.com');
  });

  it('allows eval only in development (React call stacks)', () => {
    const dev = parsePolicy(pageContentSecurityPolicy('n', config({ NODE_ENV: 'development' })));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
  });

  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    expect(Buffer.from([...nonces][0], 'base64')).toHaveLength(16);
  });
});

describe('common headers', () => {
  it('sends nosniff, the referrer and permissions policies, and HSTS only when switched on', () => {
    const off = commonSecurityHeaders(config());
    expect(off['X-Content-Type-Options']).toBe('nosniff');
    expect(off['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(off['Permissions-Policy']).toContain('camera=()');
    expect(off['Strict-Transport-Security']).toBeUndefined();
    expect(commonSecurityHeaders(config({ HSTS: 'on' }))['Strict-Transport-Security']).toMatch(/max-age=\d+/);
  });

  it('keeps every page but the live room apart from its opener', () => {
    expect(commonSecurityHeaders(config())['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(commonSecurityHeaders(config(), { openerPolicy: false })).not.toHaveProperty(
      'Cross-Origin-Opener-Policy',
    );
    for (const room of [
      '/live?id=3',
      '/live/?id=3&replay=9',
      '/en/live?id=3',
      '/vi/live',
      '/zh-TW/live?id=1',
    ]) {
      expect(keepsOpenerApart(room)).toBe(false);
    }
    for (const other of [
      '/main',
      '/member?type=9',
      '/en/wallet',
      '/api/live',
      '/lives',
      '/live/x',
      undefined,
    ]) {
      expect(keepsOpenerApart(other)).toBe(true);
    }
  });

  it('gives a response the resource policy unless a page set its own', async () => {
    const { createServer, get } = await import('node:http');
    const server = createServer((request, response) => {
      applySecurityHeaders(response, commonSecurityHeaders(config()));
      if (request.url === '/page') response.setHeader('Content-Security-Policy', "default-src 'self'");
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const headersOf = (path: string) =>
      new Promise<Record<string, string | string[] | undefined>>((resolve) =>
        get({ host: '127.0.0.1', port, path }, (response) => {
          response.resume();
          resolve(response.headers);
        }),
      );
    try {
      const resource = await headersOf('/api/x');
      expect(resource['content-security-policy']).toBe(RESOURCE_CONTENT_SECURITY_POLICY);
      expect(resource['x-content-type-options']).toBe('nosniff');
      expect((await headersOf('/page'))['content-security-policy']).toBe("default-src 'self'");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
