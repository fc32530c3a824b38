// /robots.txt: everything public may be crawled; the API, accounts and sign-in screens may not.
import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/i18n/metadata';
import { LOCALES, localizedPath } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';

const PRIVATE = ['/member', '/login', '/qr-login', '/comment'];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', ...LOCALES.flatMap((locale) => PRIVATE.map((path) => localizedPath(locale, path)))],
    },
    sitemap: `${siteOrigin()}/sitemap.xml`,
    host: siteOrigin(),
  };
}
