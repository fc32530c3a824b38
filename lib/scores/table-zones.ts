// What a final league position led to, per competition and season — only where the rules of that
// season are settled facts (UEFA access list incl. the 2024-25 European performance spots for England
// and Spain, each league's relegation places). Any other table is shown without zones.
export type Zone = 'championsLeague' | 'knockout' | 'playoffs' | 'relegationPlayoff' | 'relegation';

type ZoneRange = { from: number; to: number; zone: Zone };

const ZONES: Record<string, ZoneRange[]> = {
  'en.1/2024-25': [
    { from: 1, to: 5, zone: 'championsLeague' },
    { from: 18, to: 20, zone: 'relegation' },
  ],
  'es.1/2024-25': [
    { from: 1, to: 5, zone: 'championsLeague' },
    { from: 18, to: 20, zone: 'relegation' },
  ],
  'it.1/2024-25': [
    { from: 1, to: 4, zone: 'championsLeague' },
    { from: 18, to: 20, zone: 'relegation' },
  ],
  'de.1/2024-25': [
    { from: 1, to: 4, zone: 'championsLeague' },
    { from: 16, to: 16, zone: 'relegationPlayoff' },
    { from: 17, to: 18, zone: 'relegation' },
  ],
  'fr.1/2024-25': [
    { from: 16, to: 16, zone: 'relegationPlayoff' },
    { from: 17, to: 18, zone: 'relegation' },
  ],
  // The 36-team league phase: 1–8 to the round of 16, 9–24 to the knockout play-offs.
  'uefa.cl/2024-25': [
    { from: 1, to: 8, zone: 'knockout' },
    { from: 9, to: 24, zone: 'playoffs' },
  ],
  'en.1/2025-26': [{ from: 18, to: 20, zone: 'relegation' }],
  'es.1/2025-26': [{ from: 18, to: 20, zone: 'relegation' }],
  'it.1/2025-26': [{ from: 18, to: 20, zone: 'relegation' }],
  'de.1/2025-26': [
    { from: 16, to: 16, zone: 'relegationPlayoff' },
    { from: 17, to: 18, zone: 'relegation' },
  ],
};

export function zoneOf(competitionCode: string, seasonKey: string, position: number): Zone | null {
  const ranges = ZONES[`${competitionCode}/${seasonKey}`] ?? [];
  return ranges.find((range) => position >= range.from && position <= range.to)?.zone ?? null;
}

/** The zones a table uses, in order, for its legend. */
export function zonesOf(competitionCode: string, seasonKey: string): Zone[] {
  return [...new Set((ZONES[`${competitionCode}/${seasonKey}`] ?? []).map((range) => range.zone))];
}
