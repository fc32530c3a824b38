// What the openfootball files do not say about their competitions: kind, region, the time zone their
// times are written in, and the competition's names in the portal's languages.
import type { LocalizedNames } from '@/lib/scores/schema';

export type CompetitionMeta = {
  kind: 'league' | 'cup' | 'tournament';
  /** ISO 3166 code of the country, or a region (`eu`, `world`). */
  region: string;
  /** IANA zone of times written without an offset. */
  timezone: string;
  names: LocalizedNames;
};

export const COMPETITIONS: Record<string, CompetitionMeta> = {
  'en.1': {
    kind: 'league',
    region: 'gb-eng',
    timezone: 'Europe/London',
    names: { 'zh-CN': '英超', 'zh-TW': '英超', en: 'Premier League', vi: 'Ngoại hạng Anh' },
  },
  'de.1': {
    kind: 'league',
    region: 'de',
    timezone: 'Europe/Berlin',
    names: { 'zh-CN': '德甲', 'zh-TW': '德甲', en: 'Bundesliga', vi: 'Bundesliga' },
  },
  'es.1': {
    kind: 'league',
    region: 'es',
    timezone: 'Europe/Madrid',
    names: { 'zh-CN': '西甲', 'zh-TW': '西甲', en: 'La Liga', vi: 'La Liga' },
  },
  'it.1': {
    kind: 'league',
    region: 'it',
    timezone: 'Europe/Rome',
    names: { 'zh-CN': '意甲', 'zh-TW': '意甲', en: 'Serie A', vi: 'Serie A' },
  },
  'fr.1': {
    kind: 'league',
    region: 'fr',
    timezone: 'Europe/Paris',
    names: { 'zh-CN': '法甲', 'zh-TW': '法甲', en: 'Ligue 1', vi: 'Ligue 1' },
  },
  'uefa.cl': {
    kind: 'cup',
    region: 'eu',
    timezone: 'Europe/Paris',
    names: { 'zh-CN': '欧冠', 'zh-TW': '歐冠', en: 'UEFA Champions League', vi: 'Cúp C1 châu Âu' },
  },
  'cn.1': {
    kind: 'league',
    region: 'cn',
    timezone: 'Asia/Shanghai',
    names: { 'zh-CN': '中超', 'zh-TW': '中超', en: 'Chinese Super League', vi: 'VĐQG Trung Quốc' },
  },
  'jp.1': {
    kind: 'league',
    region: 'jp',
    timezone: 'Asia/Tokyo',
    names: { 'zh-CN': '日职联', 'zh-TW': '日職聯', en: 'J1 League', vi: 'J1 League' },
  },
  // openfootball does not name the zone of MLS times; read as US Eastern, the zone of most of its fixtures.
  mls: {
    kind: 'league',
    region: 'us',
    timezone: 'America/New_York',
    names: { 'zh-CN': '美职联', 'zh-TW': '美職聯', en: 'Major League Soccer', vi: 'MLS' },
  },
  // 2022 times are Qatar local time; 2026 times carry their own UTC offset.
  worldcup: {
    kind: 'tournament',
    region: 'world',
    timezone: 'Asia/Qatar',
    names: { 'zh-CN': '世界杯', 'zh-TW': '世界盃', en: 'FIFA World Cup', vi: 'World Cup' },
  },
};

/** A file the table does not know (the CLI takes any openfootball file): a league, times read as UTC. */
export function competitionMeta(code: string): CompetitionMeta {
  return (
    COMPETITIONS[code] ?? {
      kind: 'league',
      region: code.split('.')[0] ?? code,
      timezone: 'UTC',
      names: {},
    }
  );
}
