// schema.org SportsEvent of a match page: teams, competition, kick-off, ground and state.
import { absoluteUrl } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import type { matchDetail } from '@/lib/scores/service';

type Detail = Awaited<ReturnType<typeof matchDetail>>;

const STATUS = {
  not_started: 'https://schema.org/EventScheduled',
  live: 'https://schema.org/EventScheduled',
  finished: 'https://schema.org/EventScheduled',
  abnormal: 'https://schema.org/EventPostponed',
} as const;

export function sportsEventJsonLd(detail: Detail, locale: Locale) {
  const team = (side: Detail['homeTeam']) => ({ '@type': 'SportsTeam', name: side.name });
  const place = detail.stadium?.name ?? detail.ground;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${detail.homeTeam.name} - ${detail.awayTeam.name}`,
    sport: detail.sport,
    description: detail.competitionName,
    startDate: detail.kickoffAt.toISOString(),
    eventStatus: STATUS[detail.status],
    url: absoluteUrl(locale, `/score-detail?id=${detail.id}`),
    homeTeam: team(detail.homeTeam),
    awayTeam: team(detail.awayTeam),
    competitor: [team(detail.homeTeam), team(detail.awayTeam)],
    ...(place
      ? {
          location: {
            '@type': 'Place',
            name: place,
            ...(detail.stadium?.city ? { address: detail.stadium.city } : {}),
          },
        }
      : {}),
  };
}
