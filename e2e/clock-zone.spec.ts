// One clock, said aloud (issue 42, item 3). A first visit from New York never shows Shanghai's time, not
// in the server's answer and not in any DOM the browser builds before or after hydration; English
// follows the reader's region (en-GB: 24 hours, day first; en-US: 12 hours, month first); a zone chosen
// in the user centre is used by every server render and every device of the account.
import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { formatInstant } from '@/lib/time/format';
import { zoneName, zoneOffsetLabel } from '@/lib/time/zone-name';
import { E2E_BASE_URL, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { freshUserPage, signedInPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch, removeFictionalMatch } from './fictional-match';
import { expect, test } from './fixtures';

const HOUR = 3600_000;
const NEW_YORK = 'America/New_York';
const FICTIONAL = ['E2E Greenwich Athletic', 'E2E Dateline Rovers'] as const;
/** React's production hydration errors (#418 text, #423/#425 recovered) and their development words. */
const HYDRATION = /hydrat|#418|#423|#425/i;

let matchId: number;
let kickoff: Date;

test.beforeAll(async () => {
  // 20:00 UTC at least two hours ahead: 04:00 the next day in Shanghai, 15:00 in New York.
  const now = (await serverNow()).getTime();
  let at = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
    20,
  );
  while (at < now + 2 * HOUR) at += 24 * HOUR;
  kickoff = new Date(at);
  matchId = await withDatabase(
    async (db) =>
      (
        await createFictionalMatch(db, {
          teamNames: FICTIONAL,
          colour: '#0f766e',
          externalPrefix: 'e2e-clock-zone',
          kickoffAt: kickoff,
        })
      ).id,
  );
});

test.afterAll(async () => {
  await withDatabase((db) => removeFictionalMatch(db, matchId, FICTIONAL));
});

const scheduleTime = (page: Page) =>
  page.locator(`[data-testid="schedule-match"][data-id="${matchId}"] time`);

async function visitor(browser: Browser, locale: string, timezoneId: string) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    viewport: { width: 1280, height: 900 },
    locale,
    timezoneId,
  });
  return context;
}

test('a first visit from New York never shows Shanghai time, before or after hydration', async ({
  browser,
}) => {
  // A fresh context, a second render and a reload on the loaded 2-core machine.
  test.setTimeout(90_000);
  const context = await visitor(browser, 'zh-CN', NEW_YORK);
  const shanghai = formatInstant(kickoff, 'time', { locale: 'zh-CN', timeZone: 'Asia/Shanghai' });
  const newYork = formatInstant(kickoff, 'time', { locale: 'zh-CN', timeZone: NEW_YORK });
  expect(shanghai).not.toBe(newYork);

  // The server's answer to a browser it has never seen: the match's time is masked (figure dashes, no digits).
  const html = await (await context.request.get('/schedule?type=1')).text();
  const row = html.slice(html.indexOf(`data-id="${matchId}"`));
  const served = /<time[^>]*>([^<]*)<\/time>/.exec(row)?.[1] ?? '';
  expect(served.length).toBeGreaterThan(0);
  expect(served).not.toMatch(/\d/);
  expect(html).not.toContain(`>${shanghai}</time>`);

  // Every text the match's <time> ever has in any document of the visit, from the parser's first node on.
  const seen: string[] = [];
  await context.exposeFunction('__seenKickoff', (text: string) => seen.push(text));
  await context.addInitScript((iso) => {
    const report = () => {
      for (const node of document.querySelectorAll(`time[datetime="${iso}"]`)) {
        (window as unknown as { __seenKickoff: (text: string) => void }).__seenKickoff(
          node.textContent ?? '',
        );
      }
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
  }, kickoff.toISOString());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/schedule?type=1');
  await expect(scheduleTime(page)).toHaveText(newYork);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).not.toContain(shanghai);
  expect(seen.filter((text) => /\d/.test(text)).every((text) => text === newYork)).toBe(true);

  // The zone said once for the page, and on the time itself.
  const offset = zoneOffsetLabel(NEW_YORK, kickoff);
  await expect(page.getByTestId('zone-hint')).toHaveText(`${zoneName(NEW_YORK, 'zh-CN')} ${offset}`);
  await expect(scheduleTime(page)).toHaveAttribute(
    'title',
    new RegExp(`${zoneName(NEW_YORK, 'zh-CN')} ${offset}`),
  );
  // The next page is rendered in New York's time at once: the cookie is there.
  const cookie = (await context.cookies()).find((entry) => entry.name === 'tz');
  expect(decodeURIComponent(cookie?.value ?? '')).toBe(NEW_YORK);
  await page.goto(`/score-detail?id=${matchId}`);
  await expect(page.locator(`main time[datetime="${kickoff.toISOString()}"]`).first()).toHaveText(
    formatInstant(kickoff, 'dateTime', { locale: 'zh-CN', timeZone: NEW_YORK }),
  );
  expect(errors.filter((text) => HYDRATION.test(text))).toEqual([]);
  await context.close();
});

for (const [locale, timeZone, dateTime, time] of [
  // 24 hours, day before month.
  ['en-GB', 'Europe/London', /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/, /^\d{2}:\d{2}$/],
  // 12 hours, month before day.
  ['en-US', NEW_YORK, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/, /^\d{1,2}:\d{2}\s[AP]M$/],
] as const) {
  test(`an English reader in ${locale} reads match times as ${locale} writes them`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await visitor(browser, locale, timeZone);
    const page = await context.newPage();
    const view = { locale, timeZone };

    await page.goto(`/en/score-detail?id=${matchId}`);
    const kickoffTime = page.locator(`main time[datetime="${kickoff.toISOString()}"]`).first();
    await expect(kickoffTime).toHaveText(formatInstant(kickoff, 'dateTime', view));
    expect(await kickoffTime.textContent()).toMatch(dateTime);

    await page.goto('/en/schedule?type=1');
    await expect(scheduleTime(page)).toHaveText(formatInstant(kickoff, 'time', view));
    expect(await scheduleTime(page).textContent()).toMatch(time);
    await expect(page.getByTestId('zone-hint')).toHaveText(
      `Times in ${zoneName(timeZone, 'en')} (${zoneOffsetLabel(timeZone, kickoff)})`,
    );
    await context.close();
  });
}

test('a zone chosen in the user centre is every page’s, on every device', async ({ browser }) => {
  test.setTimeout(120_000);
  const tokyo = 'Asia/Tokyo';
  const { page, user } = await freshUserPage(browser, `时区${randomInt(100_000)}`);
  const inZone = (timeZone: string) => formatInstant(kickoff, 'time', { locale: 'zh-CN', timeZone });

  await page.goto('/schedule?type=1');
  await expect(scheduleTime(page)).toHaveText(inZone(E2E_TIME_ZONE));

  await page.goto('/member?type=1');
  const form = page.getByTestId('zone-form');
  await form.getByText('指定时区').click();
  await form.getByLabel('搜索时区').fill('tokyo');
  await form.getByRole('listbox').selectOption(tokyo);
  await form.getByRole('button', { name: '保存时区' }).click();
  await expect(page.getByText('时区已保存')).toBeVisible();
  await expect(form.getByTestId('zone-current')).toContainText(zoneOffsetLabel(tokyo, kickoff));
  const [stored] = await withDatabase((db) =>
    db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.id)),
  );
  expect(stored?.timeZone).toBe(tokyo);

  await page.goto('/schedule?type=1');
  await expect(scheduleTime(page)).toHaveText(inZone(tokyo));
  await expect(page.getByTestId('zone-hint')).toContainText('UTC+9');

  // Another device of the same account, its browser in New York: Tokyo too, from the first paint.
  const other = await signedInPage(browser, user.id);
  await other.context().setDefaultTimeout(30_000);
  await other.goto('/schedule?type=1');
  await expect(scheduleTime(other)).toHaveText(inZone(tokyo));

  // A zone nobody knows is refused with the catalogue's words and changes nothing.
  const refused = await page.request.post('/api/member/timeZone', {
    data: { time_zone: 'Mars/Olympus_Mons' },
  });
  const body = (await refused.json()) as { code: number; msg: string };
  expect(body.code).not.toBe(0);
  expect(body.msg).toBe('不认识这个时区，请从列表中选择');

  // Back to automatic: the browser's zone again.
  await page.goto('/member?type=1');
  await form.getByText(/^自动/).click();
  await form.getByRole('button', { name: '保存时区' }).click();
  await expect(page.getByText('时区已保存')).toBeVisible();
  await page.goto('/schedule?type=1');
  await expect(scheduleTime(page)).toHaveText(inZone(E2E_TIME_ZONE));
  await other.context().close();
  await page.context().close();
});
