// /sitemaps/<locale>.xml: one language's public pages, articles, matches and rooms.
import { getDb } from '@/lib/db';
import { isLocale } from '@/lib/i18n/routing';
import { sitemapEntries, sitemapXml } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const locale = (await params).file.replace(/\.xml$/, '');
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  return new Response(sitemapXml(locale, await sitemapEntries(getDb(), locale, new Date())), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}
