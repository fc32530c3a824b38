// /football: football live scores (spec §2), and e-sports with `?sport=esports` (the sport switch).
import { ScoresPage, type ScoresSearchParams, scoresMetadata } from '@/components/scores/scores-page';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<ScoresSearchParams> };

const sportOf = (query: ScoresSearchParams) => (query.sport === 'esports' ? 'esports' : 'football');

export async function generateMetadata({ params, searchParams }: Props) {
  return scoresMetadata((await params).locale, sportOf(await searchParams));
}

export default async function FootballPage({ params, searchParams }: Props) {
  const query = await searchParams;
  return <ScoresPage locale={(await params).locale} sport={sportOf(query)} searchParams={query} />;
}
