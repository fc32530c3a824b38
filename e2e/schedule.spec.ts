// Reserved lives and bookings: the seeded anchor announces a live in the anchor centre, a viewer
// books it from /schedule and finds it on /reserve and in /anchor?filter=booked; matches are booked
// from /schedule too; /rank shows its windows; a guest's booking asks to log in.
import { randomInt } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { reservedLives } from '@/lib/live/schema';
import { wallTimeOf } from '@/lib/time/zone';
import { E2E_TIME_ZONE } from '../playwright.config';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { createFictionalMatch, removeFictionalMatch } from './fictional-match';
import { expect, test } from './fixtures';
import { whenHydrated } from './login';

test.describe.configure({ mode: 'serial' });

const TITLE = `预约测试 ${randomInt(100_000)}`;
const HOUR = 3600_000;

/**
 * A start about a day ahead that is not a Saturday in UTC+8, so /anchor's weekday-6 check stays empty. Relative
 * to the portal's clock (rounding to the hour and moving past a Saturday keep any instant of the day safe).
 */
async function startInstant() {
  let start = new Date(Math.ceil(((await serverNow()).getTime() + 26 * HOUR) / HOUR) * HOUR);
  if (new Date(start.getTime() + 8 * HOUR).getUTCDay() === 6) start = new Date(start.getTime() + 24 * HOUR);
  return start;
}

/** `YYYY-MM-DDTHH:mm` in the browser's zone (the one the page reads the field in), what a datetime-local input takes. */
const localInput = (date: Date) => wallTimeOf(date, E2E_TIME_ZONE);

let matchId: number;

const FICTIONAL = ['E2E Harbour FC', 'E2E Valley Rovers'] as const;

test.beforeAll(async () => {
  // A not-started match tomorrow between two fictional teams (simulated, and labelled so), so the match
  // booking has something to book: the real data holds no fixtures in the future.
  matchId = await withDatabase(async (db) => {
    const created = await createFictionalMatch(db, {
      teamNames: FICTIONAL,
      colour: '#0f766e',
      externalPrefix: 'e2e-schedule',
      kickoffAt: new Date((await startInstant()).getTime() + HOUR),
    });
    return created.id;
  });
});

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await removeFictionalMatch(db, matchId, FICTIONAL);
    await db.delete(reservedLives).where(like(reservedLives.title, '预约测试%'));
  });
});

test('an anchor announces a live, a viewer books it and finds it on /reserve and /anchor', async ({
  asAnchor,
  browser,
}) => {
  // Six pages across two browsers: longer than the default 30 s on a busy CI machine.
  test.setTimeout(120_000);
  await asAnchor.setViewportSize({ width: 1440, height: 900 });
  await asAnchor.goto('/member?type=9');
  const form = asAnchor.getByTestId('reserve-form');
  // Typed before hydration, the fields are reset and the click submits nothing (seen on CI's busy machine).
  await whenHydrated(form.getByRole('button', { name: '发布预约' }));
  await form.getByLabel('预约直播标题').fill(TITLE);
  await form.getByLabel('开播时间').fill(localInput(await startInstant()));
  await form.getByRole('button', { name: '发布预约' }).click();
  const ownItem = asAnchor.getByTestId('reserve-list').getByRole('listitem').filter({ hasText: TITLE });
  await expect(ownItem).toBeVisible();

  const { page } = await freshUserPage(browser, '预约观众');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/schedule?type=0');
  await expect(page.getByRole('heading', { level: 1, name: '赛程预约' })).toBeVisible();
  const row = page.getByTestId('reserved-live').filter({ hasText: TITLE });
  await expect(row).toContainText('解说老李');
  await row.getByRole('button', { name: '预约', exact: true }).click();
  await expect(row.getByRole('button', { name: '已预约', exact: true })).toBeVisible();

  const game = page.locator(`[data-testid="schedule-match"][data-id="${matchId}"]`);
  await expect(game).toContainText('模拟比赛');
  await game.getByRole('button', { name: '预约', exact: true }).click();
  await expect(game.getByRole('button', { name: '已预约', exact: true })).toBeVisible();

  await page.goto('/reserve');
  await expect(page.getByTestId('reserved-live').filter({ hasText: TITLE })).toBeVisible();
  await expect(page.locator(`[data-testid="schedule-match"][data-id="${matchId}"]`)).toBeVisible();

  await page.goto('/anchor?type=0&filter=booked');
  await expect(page.getByTestId('room-card').filter({ hasText: '解说老李' })).toBeVisible();

  // Unbooking from /reserve takes the live off the list after a reload.
  await page.goto('/reserve');
  await page
    .getByTestId('reserved-live')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: '已预约', exact: true })
    .click();
  await expect(
    page
      .getByTestId('reserved-live')
      .filter({ hasText: TITLE })
      .getByRole('button', { name: '预约', exact: true }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('reserved-live').filter({ hasText: TITLE })).toHaveCount(0);
  await page.context().close();

  await asAnchor.reload();
  await asAnchor
    .getByTestId('reserve-list')
    .getByRole('listitem')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(
    asAnchor.getByTestId('reserve-list').getByRole('listitem').filter({ hasText: TITLE }),
  ).toHaveCount(0);
  const left = await withDatabase((db) =>
    db
      .select()
      .from(reservedLives)
      .where(and(eq(reservedLives.title, TITLE))),
  );
  expect(left[0]?.deletedAt).toBeTruthy();
});

test('/rank shows its windows in the URL', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/rank');
  await expect(page.getByRole('heading', { level: 1, name: '排行榜' })).toBeVisible();
  const tabs = page.getByTestId('rank-tabs');
  await expect(tabs.getByRole('link', { name: '日榜' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '周榜' }).click();
  await expect(page).toHaveURL(/\/rank\?type=week$/);
  await expect(tabs.getByRole('link', { name: '周榜' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: '总榜' }).click();
  await expect(page).toHaveURL(/\/rank\?type=total$/);
  await expect(page.getByRole('region', { name: '主播热度榜' })).toBeVisible();
  await expect(page.getByRole('region', { name: '涨粉榜' })).toBeVisible();
});

test('a guest who books a match is asked to log in; /reserve asks too', async ({ page }) => {
  await page.goto('/schedule?type=1');
  await page
    .locator(`[data-testid="schedule-match"][data-id="${matchId}"]`)
    .getByRole('button', { name: '预约', exact: true })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto('/reserve');
  await expect(page.getByText('登录后查看你的预约')).toBeVisible();
});
