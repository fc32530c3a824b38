// Redirect targets taken from a request: a corpus of hostile targets, each of which must stay on the
// portal (or fall back) after a browser's own reading of the Location header.
import { pathOnSite, sameSitePath } from './same-site-path';

const FALLBACK = '/main';
const HERE = 'http://portal.example';

/** Where a browser on this portal would go if it followed `location`. */
const followed = (location: string) => new URL(location, `${HERE}/login`);

const hostile = [
  '//evil.example',
  '//evil.example/phish',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\t\\evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '\u001f/\\evil.example',
  '/%09/evil.example',
  '/%2f/evil.example',
  '/%5c/evil.example',
  '/%0a/x',
  '/%0d%0aSet-Cookie:%20token=x',
  '/\r\nSet-Cookie: token=x',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/x/../..//evil.example',
  'https://evil.example',
  'http://evil.example/phish',
  'HTTPS://evil.example',
  'https:evil.example',
  'http:/evil.example',
  'http:\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example',
  '//user:pass@evil.example',
  'https://portal.example@evil.example',
  '//portal.example@evil.example/',
  '@evil.example',
  'evil.example',
  'main',
  './/evil.example',
  '',
  ' ',
  '/\u3000/evil.example',
  `/${'a'.repeat(5000)}`,
];

describe('sameSitePath', () => {
  it('has a corpus of at least 40 hostile targets', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostile.map((target) => [JSON.stringify(target), target]))(
    '%s stays on the portal as a valid header value',
    (_, target) => {
      const result = sameSitePath(target, FALLBACK);
      expect(result.startsWith('/')).toBe(true);
      expect(result.startsWith('//')).toBe(false);
      // A valid header value: no control characters, nothing a header could not carry.
      expect(result).toMatch(/^[\u0021-\u007e]+$/);
      expect(followed(result).origin).toBe(HERE);
    },
  );

  it('keeps the portal’s own paths with their query and hash', () => {
    expect(sameSitePath('/live?id=12#chat', FALLBACK)).toBe('/live?id=12#chat');
    expect(sameSitePath('/en/football?sport=esports', FALLBACK)).toBe('/en/football?sport=esports');
    expect(sameSitePath('/anchor?type=3', FALLBACK)).toBe('/anchor?type=3');
    expect(sameSitePath('/search?q=曼联', FALLBACK)).toBe('/search?q=%E6%9B%BC%E8%81%94');
    expect(sameSitePath('/a/../member', FALLBACK)).toBe('/member');
  });

  it('falls back for anything that is not a path of the portal', () => {
    for (const target of [
      '//evil.example',
      'https://evil.example',
      '/\t/evil.example/phish',
      undefined,
      null,
    ])
      expect(sameSitePath(target, FALLBACK)).toBe(FALLBACK);
  });

  it('turns a decoded newline into the fallback instead of an invalid header (was HTTP 500)', () => {
    expect(sameSitePath(decodeURIComponent('/%0a/x'), FALLBACK)).toBe(FALLBACK);
  });
});

describe('pathOnSite', () => {
  it('keeps every path on the given site', () => {
    expect(pathOnSite('https://m.example.com/', '/main?code=ABC#live')).toBe(
      'https://m.example.com/main?code=ABC#live',
    );
    expect(pathOnSite('https://m.example.com/h5', '/main')).toBe('https://m.example.com/h5/main');
    for (const target of hostile)
      expect(new URL(pathOnSite('https://m.example.com', target)).origin).toBe('https://m.example.com');
  });
});
