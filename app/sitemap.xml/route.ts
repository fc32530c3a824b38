// /sitemap.xml: the index of the per-locale sitemaps.
import { siteOrigin } from '@/lib/i18n/metadata';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

export function GET() {
  return new Response(sitemapIndexXml(siteOrigin(), new Date()), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
