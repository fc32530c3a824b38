// One clock for every date (issue 31): in browsers set to Asia/Shanghai, UTC, America/New_York and
// Asia/Ho_Chi_Minh, the same match, reserved live and replay read the same on /schedule, /football, the
// match centre, the live room and the anchor centre, and what each shows is the instant in the database
// read in that zone (worked out here with Intl, never written down). A reservation typed into the anchor
// centre's date-time field in each zone is stored as the instant that wall time names there.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { and, eq, like } from 'drizzle-orm';
import { reservedLives } from '@/lib/live/schema';
import { matches } from '@/lib/scores/schema';
import { DATE_TIME_FORMATS, type DateTimeStyle, formatDay, formatInstant } from '@/lib/time/format';
import { dayIn, wallTimeOf } from '@/lib/time/zone';
import { zoneName, zoneOffsetLabel } from '@/lib/time/zone-name';
import { E2E_BASE_URL, E2E_SAME_ORIGIN } from '../playwright.config';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch, removeFictionalMatch } from './fictional-match';
import { expect, test } from './fixtures';
import { storageStatePath } from './roles';

const ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Asia/Ho_Chi_Minh'] as const;
const LOCALE = 'zh-CN';
const HOUR = 3600_000;
const FICTIONAL = ['E2E Clock Tower FC', 'E2E Meridian United'] as const;
const TITLE_PREFIX = `时区测试 ${randomInt(1_000_000)}`;
const QUARTER_FINAL = 'worldcup/2022/Quarter-finals/Netherlands/Argentina';

let matchId: number;
let kickoff: Date;
let replayId: number;
let replayDay: string;

/**
 * The first 20:00 UTC at least two hours after the portal's now: a different calendar day in Shanghai and
 * Ho Chi Minh City than in New York, so a day cut in the wrong zone shows.
 */
async function eveningKickoff() {
  const now = (await serverNow()).getTime();
  let at = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
    20,
  );
  while (at < now + 2 * HOUR) at += 24 * HOUR;
  return new Date(at);
}

test.beforeAll(async () => {
  kickoff = await eveningKickoff();
  ({ matchId, replayId, replayDay } = await withDatabase(async (db) => {
    const created = await createFictionalMatch(db, {
      teamNames: FICTIONAL,
      colour: '#1d4ed8',
      externalPrefix: 'e2e-clock',
      kickoffAt: kickoff,
    });
    // A replay of the 2022 quarter-final an hour later, dated by the day the records give the original.
    const [original] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.source, 'openfootball'), eq(matches.externalId, QUARTER_FINAL)));
    const day = original!.kickoffAt.toISOString().slice(0, 10);
    const [replay] = await db
      .insert(matches)
      .values({
        seasonId: original!.seasonId,
        source: 'replay',
        externalId: `e2e-clock-${randomInt(1_000_000_000)}/${QUARTER_FINAL}`,
        round: original!.round,
        homeTeamId: original!.homeTeamId,
        awayTeamId: original!.awayTeamId,
        kickoffAt: new Date(kickoff.getTime() + HOUR),
        replayOfMatchId: original!.id,
        replayOfDate: day,
      })
      .returning();
    return { matchId: created.id, replayId: replay!.id, replayDay: day };
  }));
});

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await db.delete(reservedLives).where(like(reservedLives.title, `${TITLE_PREFIX}%`));
    await db.delete(matches).where(eq(matches.id, replayId));
    await removeFictionalMatch(db, matchId, FICTIONAL);
  });
});

const canonicalZone = (zone: string) =>
  zone ? new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone : '';

async function anchorPage(browser: Browser, timeZone: string) {
  const context = await browser.newContext({
    storageState: storageStatePath('anchor'),
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    viewport: { width: 1440, height: 900 },
    locale: LOCALE,
    timezoneId: timeZone,
  });
  return context.newPage();
}

/** Every `<time datetime>` on the page reads as its instant in `timeZone`, in one of the named styles. */
async function expectTimesIn(page: Page, timeZone: string) {
  const stamps = await page
    .locator('main time[datetime]')
    .evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('datetime')!, node.textContent!.trim()]));
  const view = { locale: LOCALE, timeZone };
  const styles = Object.keys(DATE_TIME_FORMATS) as DateTimeStyle[];
  for (const [iso, text] of stamps) {
    const readings = styles.map((style) => formatInstant(iso, style, view));
    expect(readings, `<time datetime="${iso}">${text}</time> in ${timeZone}`).toContain(text);
  }
  return stamps.length;
}

for (const [index, timeZone] of ZONES.entries()) {
  test(`a match, a reservation and a replay read alike on every page in ${timeZone}`, async ({ browser }) => {
    // Seven pages and a form, in a browser of its own: well above the default on a busy 2-core machine.
    test.setTimeout(150_000);
    const view = { locale: LOCALE, timeZone };
    const page = await anchorPage(browser, timeZone);

    // The browser tells its zone before the first paint (components/layout/zone-script.tsx): the page
    // it shows is already rendered in it.
    await page.goto('/member?type=9');
    const form = page.getByTestId('reserve-form');
    if (timeZone !== 'Asia/Shanghai') {
      // The browser's own name for the zone (Chromium says Asia/Saigon for Asia/Ho_Chi_Minh): the same zone.
      const storedZone = async () =>
        canonicalZone(
          decodeURIComponent(
            (await page.context().cookies()).find((cookie) => cookie.name === 'tz')?.value ?? '',
          ),
        );
      // After hydration and the chunk loaded behind it: one run on the loaded 2-core machine took over 10 s.
      await expect.poll(storedZone, { timeout: 30_000 }).toBe(canonicalZone(timeZone));
    }
    const zone = `${zoneName(timeZone, LOCALE)} ${zoneOffsetLabel(timeZone, await serverNow())}`;
    await expect(page.getByText(`所有时间均按${zone}显示和填写`, { exact: false })).toBeVisible({
      timeout: 20_000,
    });

    // The anchor centre's match picker: the kick-off in the viewer's zone.
    await expect(form.locator(`option[value="${matchId}"]`)).toHaveText(
      new RegExp(`^${formatInstant(kickoff, 'weekdayDayTime', view)} · `),
    );

    // A reservation typed as a wall time of this zone is stored as the instant it names here.
    const startsAt = new Date(kickoff.getTime() + 2 * HOUR + (index + 1) * 7 * 60_000);
    const title = `${TITLE_PREFIX} ${timeZone}`;
    await form.getByLabel('预约直播标题').fill(title);
    await form.getByLabel('开播时间').fill(wallTimeOf(startsAt, timeZone));
    await form.getByRole('button', { name: '发布预约' }).click();
    const own = page.getByTestId('reserve-list').getByRole('listitem').filter({ hasText: title });
    await expect(own.locator('time')).toHaveText(formatInstant(startsAt, 'weekdayDayTime', view));
    const [stored] = await withDatabase((db) =>
      db.select().from(reservedLives).where(eq(reservedLives.title, title)),
    );
    expect(stored!.startsAt.toISOString()).toBe(startsAt.toISOString());
    await expectTimesIn(page, timeZone);

    // The live room's previews.
    await page.goto(`/live?id=${stored!.roomId}`);
    await expect(
      page
        .getByTestId('room-preview')
        .filter({ hasText: title })
        .locator(`time[datetime="${startsAt.toISOString()}"]`),
    ).toHaveText(formatInstant(startsAt, 'weekdayDayTime', view));

    // /schedule: each under the viewer's day, at the viewer's hour.
    await page.goto('/schedule?type=1');
    const game = page.locator(`[data-testid="schedule-match"][data-id="${matchId}"]`);
    await expect(game.locator('time')).toHaveText(formatInstant(kickoff, 'time', view));
    await expect(
      page.getByTestId('schedule-day').filter({ has: game }).getByRole('heading', { level: 2 }),
    ).toHaveText(formatDay(dayIn(kickoff, timeZone), 'dayHeading', LOCALE));
    const replayRow = page.locator(`[data-testid="schedule-match"][data-id="${replayId}"]`);
    await expect(replayRow).toContainText(`原赛于${formatDay(replayDay, 'date', LOCALE)}`);
    await page.goto('/schedule?type=0');
    const live = page.getByTestId('reserved-live').filter({ hasText: title });
    await expect(live.locator('time')).toHaveText(formatInstant(startsAt, 'time', view));
    await expect(
      page.getByTestId('schedule-day').filter({ has: live }).getByRole('heading', { level: 2 }),
    ).toHaveText(formatDay(dayIn(startsAt, timeZone), 'dayHeading', LOCALE));

    // /football's schedule of the viewer's day.
    await page.goto(`/football?tab=schedule&day=${dayIn(kickoff, timeZone)}`);
    const row = page.locator(`[data-testid="score-row"][data-match-id="${matchId}"]`);
    await expect(row).toContainText(formatInstant(kickoff, 'time', view));
    const replayScore = page.locator(`[data-testid="score-row"][data-match-id="${replayId}"]`);
    await expect(replayScore.getByTestId('replay-label')).toContainText(formatDay(replayDay, 'date', LOCALE));

    // The match centre.
    await page.goto(`/score-detail?id=${matchId}`);
    await expect(page.locator(`main time[datetime="${kickoff.toISOString()}"]`).first()).toHaveText(
      formatInstant(kickoff, 'dateTime', view),
    );
    expect(await expectTimesIn(page, timeZone)).toBeGreaterThan(0);
    await page.goto(`/score-detail?id=${replayId}`);
    await expect(page.getByTestId('replay-note')).toContainText(formatDay(replayDay, 'longDate', LOCALE));

    // The home page: every kick-off it shows, in the viewer's zone.
    await page.goto('/main');
    await expect(page.locator('main time[datetime]').first()).toBeVisible();
    await expectTimesIn(page, timeZone);

    await page.context().close();
  });
}
