// /rss/<locale>.xml: the newest articles of one language as RSS 2.0.
import { getDb } from '@/lib/db';
import { productName } from '@/lib/i18n/metadata';
import { isLocale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { articlesForIndex } from '@/lib/news/service';
import { rssXml } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';
const RSS_ITEMS = 50;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const locale = (await params).file.replace(/\.xml$/, '');
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  const t = translator(locale);
  const xml = rssXml({
    locale,
    title: `${t('news.title')} - ${await productName(locale)}`,
    description: t('news.description'),
    items: await articlesForIndex(getDb(), locale, RSS_ITEMS, new Date()),
  });
  return new Response(xml, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
