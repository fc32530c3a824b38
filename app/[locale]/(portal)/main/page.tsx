// /main, the home page (spec §2): what is on now first (the hottest live room, else the hottest match
// under way, beside the hot streamers and the headlines), then the operators' banners, advertisements
// and official activities, then the match and standings blocks.
import { setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { productName, screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { HomeFirstScreen } from './first-screen';
import { HomeBoard } from './home-board';
import { HomePromos } from './promos';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ league?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'main', '/main');
}

export default async function HomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  const { league } = await searchParams;
  setRequestLocale(locale);
  const name = await productName(locale);
  return (
    <>
      <HomeFirstScreen locale={locale} />
      <HomePromos locale={locale} />
      <div className="pt-6">
        <HomeBoard locale={locale} league={league} />
      </div>
      <Footer productName={name} />
    </>
  );
}
