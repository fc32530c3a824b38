// News end to end: /news → an article → like and comment (kept after a reload), in zh-CN and en; a
// report generated from the data says the real result; sitemap, robots, feeds and absolute canonical
// and hreflang addresses on the public pages.
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { newsArticles, newsTranslations } from '@/lib/news/schema';
import { matchEvents, matches, teams } from '@/lib/scores/schema';
import { E2E_BASE_URL } from '../playwright.config';
import { freshUserPage } from './accounts';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

for (const { locale, prefix, send, comment } of [
  { locale: 'zh-CN', prefix: '', send: '发表', comment: '战报写得很清楚' },
  { locale: 'en', prefix: '/en', send: 'Post', comment: 'Clear report, thanks' },
]) {
  test(`/news → article → like and comment (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { page } = await freshUserPage(browser, `读者${locale}`);
    await page.goto(`${prefix}/news`);
    const first = page.getByTestId('news-list').getByTestId('news-link').first();
    const title = (await first.textContent())!.trim();
    expect(title.length).toBeGreaterThan(5);
    await first.click();
    await expect(page).toHaveURL(/\/detail\?id=\d+/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
    await expect(page.getByTestId('news-body')).toBeVisible();

    // The comment box is loaded after hydration: once it shows, the like button answers clicks.
    await expect(page.getByTestId('comment-input')).toBeVisible({ timeout: 30_000 });
    const likeButton = page.getByTestId('news-like');
    const before = Number((await likeButton.textContent())?.match(/\d+/)?.[0] ?? 0);
    const liked = page.waitForResponse((response) => response.url().includes('anchor_dynamics_user/likes'));
    await likeButton.click();
    const answer = (await (await liked).json()) as { code: number; data: { liked: boolean; likes: number } };
    expect(answer).toMatchObject({ code: 0, data: { liked: true } });
    // Both languages' tests may like the same article at once: the count grows by at least this like.
    expect(answer.data.likes).toBeGreaterThanOrEqual(before + 1);
    await expect(likeButton).toHaveAttribute('aria-pressed', 'true');

    const text = `${comment} #${randomInt(100_000)}`;
    await page.getByTestId('comment-input').fill(text);
    await page.getByTestId('comment-thread').getByRole('button', { name: send, exact: true }).click();
    await expect(page.getByTestId('comment-thread').getByText(text)).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByTestId('news-like')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('comment-thread').getByText(text)).toBeVisible({ timeout: 30_000 });
  });
}

test('a generated match report says the real result', async ({ page }) => {
  const facts = await withDatabase(async (db) => {
    const [report] = await db
      .select({ id: newsArticles.postId, matchId: newsArticles.matchId })
      .from(newsArticles)
      .innerJoin(matches, eq(matches.id, newsArticles.matchId))
      .where(and(isNotNull(newsArticles.matchId), eq(matches.source, 'openfootball')))
      .orderBy(desc(matches.kickoffAt))
      .limit(1);
    const [match] = await db.select().from(matches).where(eq(matches.id, report!.matchId!));
    const sides = await db
      .select()
      .from(teams)
      .where(inArray(teams.id, [match!.homeTeamId, match!.awayTeamId]));
    const goals = await db
      .select()
      .from(matchEvents)
      .where(
        and(
          eq(matchEvents.matchId, match!.id),
          inArray(matchEvents.kind, ['goal', 'penalty_goal', 'own_goal']),
        ),
      )
      .orderBy(asc(matchEvents.sequence));
    const [zh] = await db
      .select()
      .from(newsTranslations)
      .where(and(eq(newsTranslations.postId, report!.id), eq(newsTranslations.locale, 'zh-CN')));
    return { id: report!.id, match: match!, sides, goals, title: zh!.title };
  });
  const name = (id: number) => {
    const team = facts.sides.find((side) => side.id === id)!;
    return team.names['zh-CN'] ?? team.sourceName;
  };
  await page.goto(`/detail?id=${facts.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(
    `${name(facts.match.homeTeamId)} ${facts.match.homeScore}-${facts.match.awayScore} ${name(facts.match.awayTeamId)}`,
  );
  await expect(page.getByTestId('news-article').getByTestId('news-automatic')).toBeVisible();
  const body = page.getByTestId('news-body');
  for (const goal of facts.goals)
    await expect(body).toContainText(
      `${goal.minute}${goal.offset ? `+${goal.offset}` : ''}' ${goal.playerName}`,
    );
  await expect(body).toContainText('本文由系统根据比赛数据自动生成');
  await expect(page.getByRole('link', { name: '查看比赛详情' })).toHaveAttribute(
    'href',
    `/score-detail?id=${facts.match.id}`,
  );
});

test('sitemap, robots and RSS name absolute public addresses', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`<loc>${E2E_BASE_URL}/sitemaps/en.xml</loc>`);
  const en = await request.get('/sitemaps/en.xml');
  expect(en.headers()['content-type']).toContain('application/xml');
  const enXml = await en.text();
  expect(enXml).toContain(`<loc>${E2E_BASE_URL}/en/main</loc>`);
  expect(enXml).toMatch(new RegExp(`<loc>${E2E_BASE_URL}/en/detail\\?id=\\d+</loc>`));
  expect(enXml).toMatch(new RegExp(`<loc>${E2E_BASE_URL}/en/score-detail\\?id=\\d+</loc>`));
  expect(enXml).toMatch(new RegExp(`<loc>${E2E_BASE_URL}/en/live\\?id=\\d+</loc>`));
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
  const rss = await (await request.get('/rss/zh-CN.xml')).text();
  expect(rss).toContain('<rss version="2.0"');
  expect(rss).toMatch(new RegExp(`<link>${E2E_BASE_URL}/detail\\?id=\\d+</link>`));
  expect((await request.get('/manifest.webmanifest')).ok()).toBe(true);
});

const PUBLIC_PAGES = [
  '/main',
  '/news',
  '/football',
  '/basketball',
  '/anchor?type=0',
  '/schedule?type=0',
  '/rank',
  '/foresight',
  '/base-football',
  '/base-basketball',
  '/trophy/home',
  '/about-user?type=2',
];

test('every public page has absolute canonical and hreflang addresses', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = [...PUBLIC_PAGES];
  const detail = (await (await request.get('/news')).text()).match(/href="(\/detail\?id=\d+)"/)?.[1];
  if (detail) pages.push(detail);
  for (const path of pages) {
    for (const prefix of ['', '/en']) {
      const html = await (await request.get(`${prefix}${path}`)).text();
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical, `${prefix}${path}`).toMatch(new RegExp(`^${E2E_BASE_URL}/`));
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)];
      expect(alternates.length, `${prefix}${path}`).toBeGreaterThan(0);
      for (const [, , href] of alternates)
        expect(href, `${prefix}${path}`).toMatch(new RegExp(`^${E2E_BASE_URL}/`));
    }
  }
});
