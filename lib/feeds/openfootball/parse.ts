// Reads openfootball JSON (matches, groups, stadiums, teams, squads) into a FeedBatch. Every file is
// checked with zod first; a malformed file is refused with its name and the offending field.
import path from 'node:path';
import { z } from 'zod';
import { competitionMeta } from '@/lib/feeds/names/competitions';
import { clubNames, nationalTeamNames } from '@/lib/feeds/names/teams';
import type { FeedBatch, MatchEventInfo, MatchInfo, TeamInfo } from '@/lib/feeds/provider';
import { isValidTime, kickoffInstant } from './time';

export const OPENFOOTBALL_SOURCE = 'openfootball';

export class OpenfootballFormatError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field}: ${problem}`);
    this.name = 'OpenfootballFormatError';
  }
}

const pair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
/** `67`, `"67"` or `"45+2"` (minute plus added time). */
const minute = z.union([
  z.number().int().min(0),
  z.string().regex(/^\d+(\+\d+)?$/, 'a minute like 67 or 45+2'),
]);
const goal = z.object({
  name: z.string().min(1),
  minute,
  offset: z.number().int().min(0).optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});

const matchSchema = z.object({
  round: z.string().min(1),
  date: z.iso.date(),
  time: z.string().refine(isValidTime, 'a time like 15:00 or 13:00 UTC-6').optional(),
  team1: z.string().min(1),
  team2: z.string().min(1),
  score: z
    .object({ ft: pair.optional(), ht: pair.optional(), et: pair.optional(), p: pair.optional() })
    .refine((score) => score.ft || !(score.ht || score.et || score.p), 'a partial score needs ft')
    .optional(),
  goals1: z.array(goal).optional(),
  goals2: z.array(goal).optional(),
  group: z.string().min(1).optional(),
  ground: z.string().min(1).optional(),
  num: z.number().int().positive().optional(),
  status: z.string().min(1).optional(),
});

const matchesFileSchema = z.object({ name: z.string().min(1), matches: z.array(matchSchema) });
const groupsFileSchema = z.object({
  name: z.string().min(1),
  groups: z.array(z.object({ name: z.string().min(1), teams: z.array(z.string().min(1)).min(1) })),
});
const stadiumsFileSchema = z.object({
  name: z.string().min(1),
  stadiums: z.array(
    z.object({
      name: z.string().min(1),
      city: z.string().min(1),
      timezone: z.string().optional(),
      cc: z.string().optional(),
      capacity: z.number().int().positive().optional(),
    }),
  ),
});
const teamsFileSchema = z.array(
  z.object({
    name: z.string().min(1),
    fifa_code: z.string().min(2).optional(),
    group: z.string().optional(),
  }),
);
const squadsFileSchema = z.array(
  z.object({
    name: z.string().min(1),
    fifa_code: z.string().optional(),
    group: z.string().optional(),
    players: z.array(
      z.object({
        name: z.string().min(1),
        number: z.number().int().min(0).optional(),
        pos: z.string().optional(),
        club: z.object({ name: z.string(), country: z.string().optional() }).optional(),
        date_of_birth: z.iso.date().optional(),
      }),
    ),
  }),
);

export const FILE_KINDS = ['stadiums', 'groups', 'teams', 'matches', 'squads'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type FileIdentity = { code: string; seasonKey: string | null; kind: FileKind };

/** `2024-25/en.1.json` → en.1, 2024-25, matches; `worldcup-2022/worldcup.groups.json` → worldcup, 2022, groups. */
export function identifyFile(filePath: string): FileIdentity {
  const base = path.basename(filePath).replace(/\.json$/i, '');
  const companion = /\.(stadiums|groups|teams|squads)$/.exec(base);
  const kind = (companion?.[1] ?? 'matches') as FileKind;
  const code = companion ? base.slice(0, -companion[0].length) : base;
  const season = /(\d{4}(?:-\d{2})?)$/.exec(path.basename(path.dirname(filePath)));
  return { code, seasonKey: season?.[1] ?? null, kind };
}

/** `English Premier League 2024/25` → `2024-25`; `World Cup 2022` → `2022`. */
function seasonFromName(name: string) {
  const match = /(\d{4})(?:[/-](\d{2,4}))?\s*$/.exec(name);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2].slice(-2)}` : match[1]!;
}

function competitionName(name: string) {
  return name.replace(/\s*\d{4}(?:[/-]\d{2,4})?\s*$/, '').trim() || name;
}

/** `Liverpool FC (ENG)` (Champions League files) → the same team as the league's `Liverpool FC`. */
function splitTeamName(name: string) {
  const match = /^(.*\S)\s+\(([A-Z]{3})\)$/.exec(name);
  return match ? { name: match[1]!, country: match[2]! } : { name, country: null };
}

function parseMinute(value: string | number, offset: number | undefined) {
  if (typeof value === 'number') return { minute: value, offset: offset ?? null };
  const [base, added] = value.split('+');
  return { minute: Number(base), offset: added ? Number(added) : (offset ?? null) };
}

function formatPath(issuePath: PropertyKey[]) {
  return (
    issuePath
      .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
      .join('') || '(root)'
  );
}

function check<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new OpenfootballFormatError(file, formatPath(issue.path), issue.message);
}

type Context = { file: string; code: string; seasonKey: string; national: boolean };

/**
 * National teams a companion file spells differently from the match files (2022 groups and 2026
 * squads say `United States`, the matches `USA`): one team, named as the matches name it.
 */
const NATIONAL_ALIASES: Record<string, string> = {
  'United States': 'USA',
  'Bosnia and Herzegovina': 'Bosnia & Herzegovina',
};

function team(context: Context, rawName: string, countryCode?: string | null): TeamInfo {
  const split = splitTeamName(rawName);
  const name = context.national ? (NATIONAL_ALIASES[split.name] ?? split.name) : split.name;
  const country = split.country;
  return {
    sport: 'football',
    sourceName: name,
    names: context.national ? nationalTeamNames(name) : clubNames(name),
    countryCode: countryCode ?? country,
    isNational: context.national,
  };
}

function goalEvents(goals: z.infer<typeof goal>[] | undefined, side: 'home' | 'away'): MatchEventInfo[] {
  return (goals ?? []).map((entry) => ({
    kind: entry.owngoal ? 'own_goal' : entry.penalty ? 'penalty_goal' : 'goal',
    ...parseMinute(entry.minute, entry.offset),
    side,
    playerName: entry.name,
    generated: false,
  }));
}

function toMatch(context: Context, raw: z.infer<typeof matchSchema>, zone: string): MatchInfo {
  const home = splitTeamName(raw.team1).name;
  const away = splitTeamName(raw.team2).name;
  const kickoff = kickoffInstant(raw.date, raw.time, zone);
  const fullTime = raw.score?.ft;
  const status = fullTime ? 'finished' : raw.status ? 'abnormal' : 'not_started';
  const hasGoals = raw.goals1 !== undefined || raw.goals2 !== undefined;
  const events = hasGoals
    ? [...goalEvents(raw.goals1, 'home'), ...goalEvents(raw.goals2, 'away')].sort(
        (a, b) => a.minute - b.minute || (a.offset ?? 0) - (b.offset ?? 0),
      )
    : undefined;
  return {
    source: OPENFOOTBALL_SOURCE,
    externalId: `${context.code}/${context.seasonKey}/${raw.round}/${home}/${away}`,
    competitionCode: context.code,
    seasonKey: context.seasonKey,
    round: raw.round,
    group: raw.group ?? null,
    matchNumber: raw.num ?? null,
    homeTeam: home,
    awayTeam: away,
    ground: raw.ground ?? null,
    kickoffAt: kickoff.at,
    kickoffTimeKnown: kickoff.timeKnown,
    status,
    statusNote: raw.status ?? null,
    period: fullTime ? 'finished' : 'not_started',
    score: fullTime
      ? { fullTime, halfTime: raw.score?.ht ?? null, extraTime: raw.score?.et, penalties: raw.score?.p }
      : null,
    events,
  };
}

/** `A` (teams and squads files) and `Group A` (matches files) name the same group. */
function groupName(group: string | undefined) {
  if (!group) return null;
  return /^[A-Z]$/.test(group) ? `Group ${group}` : group;
}

/**
 * Turns one openfootball file into a FeedBatch. `file` names it in errors; `filePath` gives the
 * competition code (file name) and season (folder, else the `name` field).
 */
export function parseOpenfootballFile(filePath: string, data: unknown, file = filePath): FeedBatch {
  const identity = identifyFile(filePath);
  const named = (data && typeof data === 'object' && 'name' in data ? data.name : null) as unknown;
  const seasonKey = identity.seasonKey ?? (typeof named === 'string' ? seasonFromName(named) : null);
  if (!seasonKey) {
    throw new OpenfootballFormatError(file, 'name', 'no season in the folder name or the name field');
  }
  const meta = competitionMeta(identity.code);
  const context: Context = {
    file,
    code: identity.code,
    seasonKey,
    national: meta.region === 'world' || identity.kind === 'squads' || identity.kind === 'teams',
  };
  const fileName = typeof named === 'string' ? named : null;
  const batch = {
    competitions: [
      {
        code: identity.code,
        source: OPENFOOTBALL_SOURCE,
        sport: 'football' as const,
        kind: meta.kind,
        region: meta.region,
        sourceName: fileName ? competitionName(fileName) : (meta.names.en ?? identity.code),
        names: meta.names,
      },
    ],
    seasons: [{ competitionCode: identity.code, key: seasonKey, sourceName: fileName ?? seasonKey }],
  };
  const inSeason = { competitionCode: identity.code, seasonKey };

  switch (identity.kind) {
    case 'matches': {
      const parsed = check(matchesFileSchema, data, file);
      const dates = parsed.matches.map((match) => match.date).sort();
      const teams = new Map<string, TeamInfo>();
      const groups = new Map<string, string | null>();
      for (const match of parsed.matches) {
        for (const raw of [match.team1, match.team2]) {
          const info = team(context, raw);
          teams.set(info.sourceName, info);
          groups.set(info.sourceName, match.group ?? groups.get(info.sourceName) ?? null);
        }
      }
      return {
        ...batch,
        seasons: [{ ...batch.seasons[0]!, startsOn: dates[0] ?? null, endsOn: dates.at(-1) ?? null }],
        teams: [...teams.values()],
        seasonTeams: [...groups].map(([name, group]) => ({ ...inSeason, team: name, group })),
        matches: parsed.matches.map((match) => toMatch(context, match, meta.timezone)),
      };
    }
    case 'groups': {
      const parsed = check(groupsFileSchema, data, file);
      const members = parsed.groups.flatMap((group) =>
        group.teams.map((name) => ({ team: team(context, name), group: group.name })),
      );
      return {
        ...batch,
        teams: members.map((member) => member.team),
        seasonTeams: members.map((member) => ({
          ...inSeason,
          team: member.team.sourceName,
          group: member.group,
        })),
      };
    }
    case 'stadiums': {
      const parsed = check(stadiumsFileSchema, data, file);
      return {
        ...batch,
        stadiums: parsed.stadiums.map((stadium) => ({
          name: stadium.name,
          // `Doha (1)`, `Doha (2)`: the source numbers cities with several grounds.
          city: stadium.city.replace(/\s*\(\d+\)$/, ''),
          countryCode: stadium.cc ?? null,
          timezone: stadium.timezone ?? null,
          capacity: stadium.capacity ?? null,
        })),
      };
    }
    case 'teams': {
      const parsed = check(teamsFileSchema, data, file);
      return {
        ...batch,
        teams: parsed.map((entry) => team(context, entry.name, entry.fifa_code)),
        seasonTeams: parsed.map((entry) => ({
          ...inSeason,
          team: team(context, entry.name).sourceName,
          group: groupName(entry.group),
        })),
      };
    }
    case 'squads': {
      const parsed = check(squadsFileSchema, data, file);
      return {
        ...batch,
        teams: parsed.map((entry) => team(context, entry.name, entry.fifa_code)),
        seasonTeams: parsed.map((entry) => ({
          ...inSeason,
          team: team(context, entry.name).sourceName,
          group: groupName(entry.group),
        })),
        squadPlayers: parsed.flatMap((entry) =>
          entry.players.map((player) => ({
            ...inSeason,
            team: team(context, entry.name).sourceName,
            name: player.name,
            number: player.number ?? null,
            position: player.pos ?? null,
            club: player.club?.name ?? null,
            clubCountry: player.club?.country ?? null,
            dateOfBirth: player.date_of_birth ?? null,
          })),
        ),
      };
    }
  }
}
