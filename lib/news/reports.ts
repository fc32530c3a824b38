// Match reports written by the portal from the data alone (issue 13: the news is alive on a fresh
// install without inventing anything): score, scorers and their minutes, the table before and after,
// each side's form — in all four languages, marked automatic. Nothing is said that the data lacks.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { insertJsonRows } from '@/lib/db/bulk';
import { OPENFOOTBALL_SOURCE } from '@/lib/feeds/openfootball/parse';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { posts } from '@/lib/posts/schema';
import { groupLetter, roundName } from '@/lib/scores/round-name';
import {
  competitions,
  type LocalizedNames,
  matchEvents,
  matches,
  pointAdjustments,
  seasons,
  seasonTeams,
  teams,
} from '@/lib/scores/schema';
import { isRecord, localName } from '@/lib/scores/service';
import { computeTable, type FormLetter, tableRules } from '@/lib/scores/standings';
import { searchDocuments } from '@/lib/search/schema';
import { NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, newsArticles, newsCategories, newsTranslations } from './schema';

export const REPORTS_CATEGORY = 'reports';
const GOAL_KINDS = ['goal', 'own_goal', 'penalty_goal'] as const;
const FORM_LENGTH = 5;
/** A report is dated when the match ended: about two hours after kick-off for a record without times. */
const REPORT_DELAY_MS = 2 * 60 * 60 * 1000;

type Named = { sourceName: string; names: LocalizedNames };
export type ReportFacts = {
  matchId: number;
  competition: Named & { kind: string };
  round: string;
  group: string | null;
  /** `YYYY-MM-DD` the real match was played. */
  playedOn: string;
  home: Named;
  away: Named;
  score: [number, number];
  halfTime: [number, number] | null;
  fullTime: [number, number];
  extraTime: [number, number] | null;
  penalties: [number, number] | null;
  goals: {
    minute: number;
    offset: number | null;
    side: 'home' | 'away';
    kind: string;
    player: string | null;
  }[];
  /** Table positions before and after (null: no table for this match, or not on it before). */
  standings: {
    home: { before: number | null; after: number; points: number };
    away: { before: number | null; after: number; points: number };
  } | null;
  form: { home: FormLetter[]; away: FormLetter[] };
  /** Set when the report is of a replay: the replay finished today, the facts are the original's. */
  replay: boolean;
};

type SeasonResult = {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  homeGoals: number;
  awayGoals: number;
  kickoffAt: Date;
  round: string;
  group: string | null;
};

/** Everything a season's reports need, loaded once per generation run. */
async function loadSeason(db: DbOrTx, seasonId: number) {
  const [season] = await db
    .select({ code: competitions.code, kind: competitions.kind })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(seasons.id, seasonId));
  const [members, results, adjustments] = await Promise.all([
    db
      .select({ teamId: seasonTeams.teamId, group: seasonTeams.groupName })
      .from(seasonTeams)
      .where(eq(seasonTeams.seasonId, seasonId)),
    db
      .select({
        id: matches.id,
        homeTeamId: matches.homeTeamId,
        awayTeamId: matches.awayTeamId,
        homeGoals: sql<number>`coalesce(${matches.homeScore}, 0)`,
        awayGoals: sql<number>`coalesce(${matches.awayScore}, 0)`,
        kickoffAt: matches.kickoffAt,
        round: matches.round,
        group: matches.groupName,
      })
      .from(matches)
      .where(and(eq(matches.seasonId, seasonId), eq(matches.status, 'finished'), isRecord))
      .orderBy(asc(matches.kickoffAt), asc(matches.id)),
    db.select().from(pointAdjustments).where(eq(pointAdjustments.seasonId, seasonId)),
  ]);
  const tables = new Map<string, ReturnType<typeof computeTable>>();
  return { code: season?.code ?? '', kind: season?.kind ?? 'league', members, results, adjustments, tables };
}
type SeasonData = Awaited<ReturnType<typeof loadSeason>>;

/** The table this match counts in: the league, its group, or a cup's league phase; none for knockouts. */
function tableOf(season: SeasonData, match: SeasonResult) {
  if (match.group) {
    const results = season.results.filter((row) => row.group === match.group);
    const listed = season.members.filter((member) => member.group === match.group).map((m) => m.teamId);
    const teamIds = listed.length
      ? listed
      : [...new Set(results.flatMap((row) => [row.homeTeamId, row.awayTeamId]))];
    return { teamIds, results };
  }
  if (season.kind === 'league')
    return { teamIds: season.members.map((m) => m.teamId), results: season.results };
  if (/^League\b/.test(match.round)) {
    const results = season.results.filter((row) => /^League\b/.test(row.round));
    return { teamIds: [...new Set(results.flatMap((row) => [row.homeTeamId, row.awayTeamId]))], results };
  }
  return null;
}

function standingsAround(season: SeasonData, match: SeasonResult): ReportFacts['standings'] {
  const table = tableOf(season, match);
  if (!table?.teamIds.includes(match.homeTeamId) || !table.teamIds.includes(match.awayTeamId)) return null;
  const rules = tableRules(season.code);
  // Results are in kick-off order, so a table "up to a time" is a prefix: tables are kept by prefix
  // length and shared by every match of the same kick-off and the next one's "before".
  const compute = (length: number) => {
    const key = `${match.group ?? (table.results === season.results ? '' : 'league-phase')}|${length}`;
    let computed = season.tables.get(key);
    if (!computed) {
      computed = computeTable({
        teamIds: table.teamIds,
        results: table.results.slice(0, length),
        adjustments: season.adjustments,
        rules,
      });
      season.tables.set(key, computed);
    }
    return computed;
  };
  // After: everything played up to this kick-off (matches at the same time count together).
  const after = compute(table.results.filter((row) => row.kickoffAt <= match.kickoffAt).length);
  const before = compute(table.results.filter((row) => row.kickoffAt < match.kickoffAt).length);
  const playedBefore = (teamId: number) => before.find((row) => row.teamId === teamId && row.played > 0);
  const line = (teamId: number) => {
    const now = after.find((row) => row.teamId === teamId)!;
    return { before: playedBefore(teamId)?.position ?? null, after: now.position, points: now.points };
  };
  return { home: line(match.homeTeamId), away: line(match.awayTeamId) };
}

function formOf(season: SeasonData, match: SeasonResult, teamId: number): FormLetter[] {
  return season.results
    .filter(
      (row) => row.kickoffAt <= match.kickoffAt && (row.homeTeamId === teamId || row.awayTeamId === teamId),
    )
    .slice(-FORM_LENGTH)
    .map((row) => {
      const [own, other] =
        row.homeTeamId === teamId ? [row.homeGoals, row.awayGoals] : [row.awayGoals, row.homeGoals];
      return own > other ? 'W' : own < other ? 'L' : 'D';
    });
}

const pair = (a: number | null, b: number | null): [number, number] | null =>
  a === null || b === null ? null : [a, b];

/** The facts of finished football matches (a replay's facts are its original's, marked replay). */
export async function reportFacts(db: DbOrTx, matchIds: number[]): Promise<ReportFacts[]> {
  if (!matchIds.length) return [];
  const listed = await db
    .select({ id: matches.id, original: matches.replayOfMatchId })
    .from(matches)
    .where(inArray(matches.id, matchIds));
  const originalOf = new Map(listed.map((row) => [row.id, row.original ?? row.id]));
  const originals = [...new Set(originalOf.values())];
  const rows = await db
    .select({
      match: matches,
      competition: {
        sourceName: competitions.sourceName,
        names: competitions.names,
        kind: competitions.kind,
      },
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      and(inArray(matches.id, originals), eq(matches.status, 'finished'), eq(competitions.sport, 'football')),
    );
  const teamIds = [...new Set(rows.flatMap((row) => [row.match.homeTeamId, row.match.awayTeamId]))];
  const [teamRows, goalRows] = await Promise.all([
    teamIds.length
      ? db
          .select({ id: teams.id, sourceName: teams.sourceName, names: teams.names })
          .from(teams)
          .where(inArray(teams.id, teamIds))
      : [],
    rows.length
      ? db
          .select()
          .from(matchEvents)
          .where(
            and(
              inArray(
                matchEvents.matchId,
                rows.map((row) => row.match.id),
              ),
              inArray(matchEvents.kind, [...GOAL_KINDS]),
              eq(matchEvents.generated, false),
            ),
          )
          .orderBy(asc(matchEvents.matchId), asc(matchEvents.sequence))
      : [],
  ]);
  const teamById = new Map(teamRows.map((team) => [team.id, team]));
  const seasonCache = new Map<number, Promise<SeasonData>>();
  const seasonOf = (id: number) => {
    if (!seasonCache.has(id)) seasonCache.set(id, loadSeason(db, id));
    return seasonCache.get(id)!;
  };
  const byOriginal = new Map<number, ReportFacts>();
  for (const { match, competition } of rows) {
    const season = await seasonOf(match.seasonId);
    const result = season.results.find((row) => row.id === match.id) ?? {
      id: match.id,
      homeTeamId: match.homeTeamId,
      awayTeamId: match.awayTeamId,
      homeGoals: match.homeScore ?? 0,
      awayGoals: match.awayScore ?? 0,
      kickoffAt: match.kickoffAt,
      round: match.round,
      group: match.groupName,
    };
    const real = season.results.some((row) => row.id === match.id);
    byOriginal.set(match.id, {
      matchId: match.id,
      competition,
      round: match.round,
      group: match.groupName,
      playedOn: (match.replayOfDate ?? match.kickoffAt.toISOString()).slice(0, 10),
      home: teamById.get(match.homeTeamId)!,
      away: teamById.get(match.awayTeamId)!,
      score: [match.homeScore ?? 0, match.awayScore ?? 0],
      fullTime: [match.homeFullTime ?? match.homeScore ?? 0, match.awayFullTime ?? match.awayScore ?? 0],
      halfTime: pair(match.homeHalfTime, match.awayHalfTime),
      extraTime: pair(match.homeExtraTime, match.awayExtraTime),
      penalties: pair(match.homePenalties, match.awayPenalties),
      goals: goalRows
        .filter((event) => event.matchId === match.id)
        .map((event) => ({
          minute: event.minute,
          offset: event.offset,
          side: event.side,
          kind: event.kind,
          player: event.playerName,
        })),
      standings: real ? standingsAround(season, result) : null,
      form: real
        ? { home: formOf(season, result, match.homeTeamId), away: formOf(season, result, match.awayTeamId) }
        : { home: [], away: [] },
      replay: false,
    });
  }
  return matchIds.flatMap((id) => {
    const facts = byOriginal.get(originalOf.get(id) ?? id);
    return facts ? [{ ...facts, matchId: id, replay: id !== originalOf.get(id) }] : [];
  });
}

const minuteText = (goal: ReportFacts['goals'][number]) =>
  goal.offset ? `${goal.minute}+${goal.offset}'` : `${goal.minute}'`;
const scoreText = (score: [number, number]) => `${score[0]}-${score[1]}`;

const ELLIPSIS = '…';

/**
 * `text` within `max` characters, cut only between words (after a space or a CJK character) and
 * marked with an ellipsis; a text without such a boundary before `max` is cut at `max`.
 */
export function clipAtWord(text: string, max: number) {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1);
  for (let index = head.length; index > 0; index--) {
    const before = head[index - 1]!;
    const after = chars[index]!;
    if (/\s/.test(after) || /\s/.test(before) || (isWide(before) && !isClosing(after)))
      return `${head.slice(0, index).join('').trimEnd()}${ELLIPSIS}`;
  }
  return `${head.join('')}${ELLIPSIS}`;
}
const isWide = (char: string) => /[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char);
const isClosing = (char: string) => /[，。、：；！？）」』】,.;:!?)]/.test(char);

/** A team name without the country code some sources append ("Club Atlético de Madrid (ESP)"). */
const withoutCountry = (name: string) => name.replace(/\s*\([A-Z]{3}\)$/, '');

/**
 * A report title within the column's length, never cut inside a name: the stage is shortened
 * (competition and round, then the competition alone, then none), then the country codes go, and
 * only then are the names shortened, each to whole words and by the same share.
 */
export function fitTitle(input: {
  stages: string[];
  home: string;
  away: string;
  render: (stage: string | null, home: string, away: string) => string;
}) {
  const fits = (text: string) => [...text].length <= NEWS_TITLE_MAX;
  const names: [string, string][] = [
    [input.home, input.away],
    [withoutCountry(input.home), withoutCountry(input.away)],
  ];
  for (const [home, away] of names) {
    for (const stage of [...input.stages, null]) {
      const title = input.render(stage, home, away);
      if (fits(title)) return title;
    }
  }
  const [home, away] = names[1]!;
  // The room left for the names; a name shorter than its half stays whole and the other gets the rest.
  const room = NEWS_TITLE_MAX - [...input.render(null, '', '')].length;
  const half = Math.floor(room / 2);
  const length = (name: string) => [...name].length;
  const budget = (name: string, other: string) =>
    Math.max(4, length(other) <= half ? room - length(other) : Math.min(length(name), half));
  const title = input.render(
    null,
    clipAtWord(home, budget(home, away)),
    clipAtWord(away, budget(away, home)),
  );
  return fits(title) ? title : clipAtWord(title, NEWS_TITLE_MAX);
}

/** The report in one language: title, one-sentence summary and plain-text body (paragraphs). */
const translators = new Map<Locale, ReturnType<typeof translator>>();
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * Reports rendered lately, by their facts: a replay's report is its record's, written again each time
 * the replay comes round (and formatting four languages' messages is the costly part of writing one).
 */
const rendered = new Map<string, ReturnType<typeof renderFresh>>();
const RENDERED_KEPT = 500;

export function renderReport(facts: ReportFacts, locale: Locale) {
  // The text never names the match's id: every replay of one record shares its report.
  const { matchId: _id, ...text } = facts;
  const key = JSON.stringify([locale, text]);
  const known = rendered.get(key);
  if (known) return known;
  const report = renderFresh(facts, locale);
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, report);
  return report;
}

function renderFresh(facts: ReportFacts, locale: Locale) {
  // Made once per language: building a translator parses the catalog's messages.
  if (!translators.has(locale)) translators.set(locale, translator(locale));
  if (!dateFormats.has(locale))
    dateFormats.set(locale, new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));
  const t = translators.get(locale)!;
  const r = (key: string, values?: Record<string, string | number>) =>
    t(`newsReport.${key}` as never, values as never);
  const name = (named: Named) => localName(named.names, named.sourceName, locale);
  const home = name(facts.home);
  const away = name(facts.away);
  const competition = name(facts.competition);
  const roundText = facts.group
    ? `${t('database.group' as never, { group: groupLetter(facts.group) } as never)}`
    : roundName(facts.round, (key, values) => t(`database.${key}` as never, values as never));
  const date = dateFormats.get(locale)!.format(new Date(`${facts.playedOn}T12:00:00Z`));
  const [homeGoals, awayGoals] = facts.score;
  const stage = `${competition} ${roundText}`;
  const winnerByPenalties =
    facts.penalties && facts.penalties[0] !== facts.penalties[1]
      ? facts.penalties[0] > facts.penalties[1]
        ? 'home'
        : 'away'
      : null;
  // What decided it, said in the title and the lead: a shoot-out with a winner, else extra time.
  const decider = winnerByPenalties ? 'pens' : facts.extraTime ? 'aet' : 'none';
  const penaltiesText = (side: 'home' | 'away') =>
    scoreText(side === 'home' ? facts.penalties! : [facts.penalties![1], facts.penalties![0]]);
  const title = fitTitle({
    stages: [stage, competition],
    home,
    away,
    render: (stageText, homeText, awayText) => {
      const match = r('titleMatch', {
        home: homeText,
        away: awayText,
        score: scoreText(facts.score),
        decider,
        penalties: winnerByPenalties ? penaltiesText('home') : '',
      });
      if (stageText === null) return facts.replay ? r('titleReplayBare', { match }) : match;
      return r(facts.replay ? 'titleReplay' : 'title', { stage: stageText, match });
    },
  });
  const winnerName = winnerByPenalties === 'home' ? home : away;
  const loserName = winnerByPenalties === 'home' ? away : home;
  let lead =
    homeGoals === awayGoals && !winnerByPenalties
      ? r('leadDraw', { date, stage, home, away, score: scoreText(facts.score) })
      : homeGoals === awayGoals
        ? r('leadPenalties', {
            date,
            stage,
            winner: winnerName,
            loser: loserName,
            score: scoreText(facts.score),
            penalties: penaltiesText(winnerByPenalties!),
          })
        : r('leadWin', {
            date,
            stage,
            winner: homeGoals > awayGoals ? home : away,
            loser: homeGoals > awayGoals ? away : home,
            score: scoreText(homeGoals > awayGoals ? facts.score : [awayGoals, homeGoals]),
            decider: decider === 'aet' ? 'aet' : 'none',
            // Tournaments and cup finals are often played on neutral ground: home and away only in leagues.
            venue: facts.competition.kind !== 'league' ? 'neutral' : homeGoals > awayGoals ? 'home' : 'away',
          });
  // A second leg won on the day but lost on penalties (the tie was level on aggregate).
  if (winnerByPenalties && homeGoals !== awayGoals)
    lead = `${lead} ${r('shootout', { winner: winnerName, penalties: penaltiesText(winnerByPenalties) })}`;
  const paragraphs = [lead];
  const periods = [
    facts.halfTime ? r('halfTime', { score: scoreText(facts.halfTime) }) : '',
    facts.extraTime
      ? r('extraTime', { fullTime: scoreText(facts.fullTime), score: scoreText(facts.extraTime) })
      : '',
  ].filter(Boolean);
  if (periods.length) paragraphs.push(periods.join(' '));
  if (facts.goals.length) {
    const lines = facts.goals.map((goal) =>
      r(goal.kind === 'own_goal' ? 'goalOwn' : goal.kind === 'penalty_goal' ? 'goalPenalty' : 'goal', {
        minute: minuteText(goal),
        player: goal.player ?? r('unknownPlayer'),
        team: goal.side === 'home' ? home : away,
      }),
    );
    paragraphs.push(`${r('goalsHeading')}\n${lines.join('\n')}`);
  } else if (homeGoals + awayGoals === 0) {
    paragraphs.push(r('noGoals'));
  }
  if (facts.standings) {
    const line = (team: string, standing: NonNullable<ReportFacts['standings']>['home']) => {
      const change =
        standing.before === null
          ? r('changeNew')
          : standing.before > standing.after
            ? r('changeUp', { n: standing.before - standing.after })
            : standing.before < standing.after
              ? r('changeDown', { n: standing.after - standing.before })
              : r('changeSame');
      return r('standing', { team, position: standing.after, points: standing.points, change });
    };
    paragraphs.push(`${line(home, facts.standings.home)} ${line(away, facts.standings.away)}`);
  }
  const form = (team: string, letters: FormLetter[]) =>
    letters.length
      ? r('form', { team, n: letters.length, form: letters.map((letter) => r(`letter${letter}`)).join(' ') })
      : '';
  const forms = [form(home, facts.form.home), form(away, facts.form.away)].filter(Boolean);
  if (forms.length) paragraphs.push(forms.join('\n'));
  if (facts.replay) paragraphs.push(r('replayNote', { date }));
  paragraphs.push(r('automaticNote'));
  return { title, summary: clipAtWord(lead, NEWS_SUMMARY_MAX), body: paragraphs.join('\n\n') };
}

/** The reports category, made on first use (the seed and start-up also keep it). */
async function reportsCategoryId(db: DbOrTx) {
  const [row] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.slug, REPORTS_CATEGORY));
  if (row) return row.id;
  const { seedNewsCategories } = await import('./categories');
  await seedNewsCategories(db);
  const [made] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.slug, REPORTS_CATEGORY));
  return made!.id;
}

/**
 * Writes the reports of these matches that have none yet (finished football only; anything else is
 * skipped). Idempotent: a match has at most one report (unique index), so a second call adds nothing.
 */
export async function writeMatchReports(db: DbOrTx, matchIds: number[], now: Date) {
  if (!matchIds.length) return 0;
  const reported = await db
    .select({ id: newsArticles.matchId })
    .from(newsArticles)
    .where(inArray(newsArticles.matchId, matchIds));
  const done = new Set(reported.map((row) => row.id));
  const todo = matchIds.filter((id) => !done.has(id));
  if (!todo.length) return 0;
  const facts = await reportFacts(db, todo);
  if (!facts.length) return 0;
  const categoryId = await reportsCategoryId(db);
  const kickoffs = new Map(
    (
      await db
        .select({ id: matches.id, kickoffAt: matches.kickoffAt })
        .from(matches)
        .where(inArray(matches.id, todo))
    ).map((row) => [row.id, row.kickoffAt]),
  );
  let written = 0;
  for (let start = 0; start < facts.length; start += 200) {
    const chunk = facts.slice(start, start + 200);
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(posts)
        .values(chunk.map(() => ({ authorId: null, channel: 'news' })))
        .returning({ id: posts.id });
      const articles = chunk.map((fact, index) => {
        // A replay's report is dated now (it finished now); a record's when the real match ended.
        const kickoff = kickoffs.get(fact.matchId) ?? now;
        const ended = new Date(Math.min(now.getTime(), kickoff.getTime() + REPORT_DELAY_MS));
        return {
          postId: made[index]!.id,
          categoryId,
          matchId: fact.matchId,
          automatic: true,
          sourceLocale: 'zh-CN',
          publishedAt: fact.replay ? now : ended,
        };
      });
      const inserted = await tx.execute<{ post_id: number }>(
        sql`${insertJsonRows(newsArticles, articles)} on conflict do nothing returning post_id`,
      );
      const kept = new Set(inserted.rows.map((row) => row.post_id));
      // A report written meanwhile by another node: drop the spare thread.
      const spare = articles.filter((article) => !kept.has(article.postId)).map((article) => article.postId);
      if (spare.length) await tx.delete(posts).where(inArray(posts.id, spare));
      const translations = chunk.flatMap((fact, index) =>
        kept.has(made[index]!.id)
          ? LOCALES.map((locale) => ({ postId: made[index]!.id, locale, ...renderReport(fact, locale) }))
          : [],
      );
      if (translations.length) await tx.execute(insertJsonRows(newsTranslations, translations));
      written += kept.size;
    });
  }
  return written;
}

/**
 * Hook for the feeds: matches that have just finished get their report. Called with every finished
 * match of a feed tick; the ones already reported cost one indexed lookup.
 */
export async function onMatchFinished(db: DbOrTx, matchIds: number[], now: Date) {
  return writeMatchReports(db, matchIds, now);
}

/**
 * Reports of the newest finished real football matches of the data that have none, at most `limit`
 * (the seed writes the freshest at once, the background job the rest a batch at a time).
 */
export async function writeRecordReports(db: DbOrTx, now: Date, limit = 100_000) {
  const rows = await db
    .select({ id: matches.id, seasonId: matches.seasonId })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      and(
        eq(matches.source, OPENFOOTBALL_SOURCE),
        eq(matches.status, 'finished'),
        isNull(matches.statusNote),
        eq(competitions.sport, 'football'),
        lte(matches.kickoffAt, now),
        notExists(db.select({ one: sql`1` }).from(newsArticles).where(eq(newsArticles.matchId, matches.id))),
      ),
    )
    .orderBy(desc(matches.kickoffAt), desc(matches.id))
    .limit(limit);
  let written = 0;
  // One season at a time keeps each season's table loaded once.
  for (const seasonId of new Set(rows.map((row) => row.seasonId))) {
    const ids = rows.filter((row) => row.seasonId === seasonId).map((row) => row.id);
    written += await writeMatchReports(db, ids, now);
  }
  return written;
}

/**
 * Brings reports written by an earlier version of this file up to date: the automatic reports of
 * matches that went to extra time or penalties, and any whose title fills the column (cut by the old
 * rule), are rendered again and rewritten where a language's text differs; their search entry is
 * dropped so the index takes the new title. Idempotent: a second run rewrites nothing.
 */
export async function refreshDecidedReports(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ postId: newsArticles.postId, matchId: newsArticles.matchId })
    .from(newsArticles)
    .innerJoin(matches, eq(matches.id, newsArticles.matchId))
    .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
    .where(
      and(
        eq(newsArticles.automatic, true),
        or(
          isNotNull(matches.homeExtraTime),
          isNotNull(matches.homePenalties),
          sql`char_length(${newsTranslations.title}) >= ${NEWS_TITLE_MAX}`,
        ),
      ),
    );
  if (!rows.length) return 0;
  const postOf = new Map(rows.map((row) => [row.matchId!, row.postId]));
  const facts = await reportFacts(db, [...postOf.keys()]);
  const stored = await db
    .select()
    .from(newsTranslations)
    .where(inArray(newsTranslations.postId, [...postOf.values()]));
  const changed = new Set<number>();
  for (const fact of facts) {
    const postId = postOf.get(fact.matchId)!;
    for (const locale of LOCALES) {
      const text = renderReport(fact, locale);
      const old = stored.find((row) => row.postId === postId && row.locale === locale);
      if (!old || (old.title === text.title && old.summary === text.summary && old.body === text.body))
        continue;
      await db
        .update(newsTranslations)
        .set(text)
        .where(and(eq(newsTranslations.postId, postId), eq(newsTranslations.locale, locale)));
      changed.add(postId);
    }
  }
  if (changed.size)
    await db
      .delete(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'news'), inArray(searchDocuments.refId, [...changed])));
  return changed.size;
}
