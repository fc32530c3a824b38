// /manifest.webmanifest: the installable app's name and colours (icons are the site's favicon).
import type { MetadataRoute } from 'next';
import { productName } from '@/lib/i18n/metadata';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';

export const dynamic = 'force-dynamic';

export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const name = await productName(DEFAULT_LOCALE);
  return {
    name,
    short_name: name,
    description: translator(DEFAULT_LOCALE)('brand.tagline'),
    lang: DEFAULT_LOCALE,
    start_url: '/main',
    display: 'standalone',
    background_color: '#f4f5f7',
    theme_color: '#12151d',
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
