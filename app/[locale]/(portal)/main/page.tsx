// /main, the home page (spec §2): what is on now first (the hottest live room, else the hottest match
// under way, beside the hot streamers and the headlines), then the operators' banners, advertisements
// and official activities, then the match and standings blocks. Only the first screen is in the
// document's first bytes: the blocks under it stream in behind a skeleton, so the first paint (and the
// largest one, the hot match's score) does not wait for their queries.
import { setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { Footer } from '@/components/layout/footer';
import { Skeleton } from '@/components/ui/skeleton';
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
      <Suspense fallback={<BlocksSkeleton />}>
        <HomePromos locale={locale} />
        <div className="pt-6">
          <HomeBoard locale={locale} league={league} />
        </div>
      </Suspense>
      <Footer productName={name} />
    </>
  );
}

/** The match blocks' place while they load: tall enough that the footer starts below the first screen. */
function BlocksSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-4 px-6 pt-6 pb-10">
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-[124px]" />
      <div className="grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_380px]">
        <Skeleton className="h-[720px]" />
        <Skeleton className="h-[480px]" />
      </div>
    </div>
  );
}
