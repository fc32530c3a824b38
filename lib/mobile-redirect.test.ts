import { isEveryWidthPage, mobileRedirectTarget, mobileUrl } from './mobile-redirect';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';

describe('mobile redirect', () => {
  it('keeps path and query (and hash, client side)', () => {
    expect(mobileUrl('https://m.example.com/', '/main?code=ABC#live')).toBe(
      'https://m.example.com/main?code=ABC#live',
    );
  });

  it('sends mobile agents to the mobile site when one is configured', () => {
    const base = { siteUrl: 'https://m.example.com', bypass: false, path: '/main?x=1' };
    expect(mobileRedirectTarget({ ...base, userAgent: iphone })).toBe('https://m.example.com/main?x=1');
    expect(mobileRedirectTarget({ ...base, userAgent: desktop })).toBeUndefined();
    expect(mobileRedirectTarget({ ...base, userAgent: iphone, bypass: true })).toBeUndefined();
    expect(mobileRedirectTarget({ ...base, siteUrl: undefined, userAgent: iphone })).toBeUndefined();
  });

  it('keeps the QR-login confirmation and the staff console on this site at every width', () => {
    const base = { siteUrl: 'https://m.example.com', bypass: false, userAgent: iphone };
    for (const path of [
      '/qr-login?code=1',
      '/en/qr-login',
      '/admin',
      '/admin/audit?page=2',
      '/vi/admin/users/3',
    ])
      expect(mobileRedirectTarget({ ...base, path })).toBeUndefined();
    for (const path of ['/administration', '/main?next=/admin', '/en/live/admin'])
      expect(mobileRedirectTarget({ ...base, path })).toBe(`https://m.example.com${path}`);
    expect(isEveryWidthPage('/zh-TW/admin/review')).toBe(true);
  });
});
