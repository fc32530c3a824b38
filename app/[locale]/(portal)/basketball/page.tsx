// /basketball: basketball live scores (spec §2).
import { ScoresPage, type ScoresSearchParams, scoresMetadata } from '@/components/scores/scores-page';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<ScoresSearchParams> };

export async function generateMetadata({ params }: Props) {
  return scoresMetadata((await params).locale, 'basketball');
}

export default async function BasketballPage({ params, searchParams }: Props) {
  return <ScoresPage locale={(await params).locale} sport="basketball" searchParams={await searchParams} />;
}
