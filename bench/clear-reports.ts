// A moderator clears 50 reports in the browser (issue 41's "numbers to report"): 50 community posts, each
// reported once, are upheld (taken down) from the console's reports tab (/admin/review?source=report, 50
// a page) by the seeded moderator (13800000004) in Chromium, twice over: one case at a time (its 确认违规
// button, a reason, confirm) and all at once (select all, 确认违规, a reason, confirm). Prints the clicks and
// seconds for each way, from the page shown to the last row gone, and writes bench/results/clear-reports.json.
// Needs a production build (`next build`). `BENCH_PORT` (default 3102) is the portal's port, its database on
// `BENCH_PG_PORT` (default 55102).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createSession } from '@/lib/accounts/session';
import type { Db } from '@/lib/db';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { posts } from '@/lib/posts/schema';
import { loadAverage } from './child-process';
import { benchChromium, startBenchPortal } from './portal-process';

const REPORTS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3102);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55102);
const QUEUE = '/admin/review?source=report&size=50&sort=created&dir=desc';

/** REPORTS posts by fresh authors, each reported by a fresh reporter; returns the case ids. */
async function reportedPosts(db: Db, run: string) {
  const [reason] = await db.select().from(reportReasons).limit(1);
  const cases: number[] = [];
  for (let i = 0; i < REPORTS; i += 1) {
    const [author, reporter] = await db
      .insert(users)
      .values(
        [0, 1].map((side) => ({
          mobile: `171${String((Number(run) * 1000 + i * 2 + side) % 1e8).padStart(8, '0')}`,
          nickname: `${side ? '举报人' : '作者'}${run}-${i}`,
        })),
      )
      .returning();
    const [post] = await db
      .insert(posts)
      .values({ authorId: author!.id, channel: 'circle', body: `加微信领内部消息 ${run}-${i}` })
      .returning();
    const [report] = await db
      .insert(reports)
      .values({ reporterId: reporter!.id, targetType: 'post', targetId: post!.id, reasonId: reason!.id })
      .returning({ id: reports.id });
    cases.push(report!.id);
  }
  return cases;
}

/** The reason dialog: the first reason, confirm; waits for the decision's answer. */
async function confirmReason(page: Page) {
  const dialog = page.getByTestId('reason-dialog');
  await dialog.getByRole('radio').first().check();
  const answered = page.waitForResponse((response) =>
    /\/api\/admin\/review\/report\/decide$/.test(response.url()),
  );
  await dialog.getByTestId('reason-confirm').click();
  const body = await (await answered).json();
  if (body.code !== 0) throw new Error(`the decision was refused: ${body.msg}`);
}

async function oneByOne(page: Page, cases: number[]) {
  let clicks = 0;
  for (const id of cases) {
    await page.getByTestId(`decide-${id}-approve`).click();
    await confirmReason(page);
    clicks += 3;
    await page.getByTestId(`review-item-${id}`).waitFor({ state: 'hidden' });
  }
  return clicks;
}

async function allAtOnce(page: Page, cases: number[]) {
  await page.getByTestId('table-select-all').check();
  await page.getByTestId('decide-selected-approve').click();
  await confirmReason(page);
  for (const id of cases) await page.getByTestId(`review-item-${id}`).waitFor({ state: 'hidden' });
  return 4;
}

async function main() {
  const browser = await benchChromium();
  const portal = await startBenchPortal({
    port: PORT,
    pgPort: PG_PORT,
    dataDir: '.data/bench-clear-reports',
  }).catch(async (error) => {
    await browser.close();
    throw error;
  });
  try {
    const { db, pool } = portal.connect();
    const [moderator] = await db.select().from(users).where(eq(users.mobile, '13800000004'));
    const { token } = await createSession(db, moderator!.id, new Date());
    const context = await browser.newContext({
      baseURL: portal.base,
      viewport: { width: 1440, height: 900 },
    });
    await context.addCookies([{ name: 'token', value: token, url: portal.base, httpOnly: true }]);
    const page = await context.newPage();
    const results: Record<string, { reports: number; clicks: number; seconds: number; perReport: number }> =
      {};
    for (const [way, clear] of [
      ['one at a time', oneByOne],
      ['all at once', allAtOnce],
    ] as const) {
      const cases = await reportedPosts(db, String(Math.floor(Math.random() * 90_000) + 10_000));
      await page.goto(QUEUE);
      await page.getByTestId(`review-item-${cases[0]}`).waitFor();
      const started = performance.now();
      const clicks = await clear(page, cases);
      const seconds = (performance.now() - started) / 1000;
      const left = await db.$count(reports, and(inArray(reports.id, cases), eq(reports.status, 'open')));
      if (left) throw new Error(`${left} reports still open`);
      results[way] = {
        reports: cases.length,
        clicks,
        seconds: Math.round(seconds * 10) / 10,
        perReport: Math.round((seconds / cases.length) * 100) / 100,
      };
    }
    await pool.end();
    console.log(
      `a moderator clears ${REPORTS} reports in Chromium (load average ${loadAverage().join(' ')})`,
    );
    console.table(results);
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(
      'bench/results/clear-reports.json',
      `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: loadAverage(), results }, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
