// Moderation outside reports in the browser (issue #41, item 3): a moderator filters the console's posts
// by author, takes two of three down with a reason; the author sees them marked removed, a visitor no
// longer finds them in the community list and meets a tombstone on their pages.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { asc } from 'drizzle-orm';
import { circlePosts, circles } from '@/lib/circles/schema';
import { posts } from '@/lib/posts/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const shots = process.env.SHOTS_DIR;
const shoot = async (target: Page | Locator, name: string) => {
  if (shots) await target.screenshot({ path: `${shots}/content-${name}.png`, fullPage: true });
};

test('a moderator filters posts by author and takes two down; the author sees them removed, a visitor a tombstone', async ({
  browser,
  asModerator,
  page: visitor,
}) => {
  // Three pages and a console round trip on the loaded CI machine.
  test.slow();
  const tag = randomInt(1e6);
  const author = await freshUserPage(browser, `巡查作者${tag}`);
  const now = await serverNow();
  const ids = await withDatabase(async (db) => {
    const [circle] = await db.select().from(circles).orderBy(asc(circles.id)).limit(1);
    const made: number[] = [];
    for (const [index, body] of [`加群领彩金 ${tag}`, `内部消息 ${tag}`, `今晚看好主队 ${tag}`].entries()) {
      const [post] = await db
        .insert(posts)
        .values({
          authorId: author.user.id,
          channel: 'circle',
          body,
          createdAt: new Date(now.getTime() - (3 - index) * 60_000),
        })
        .returning({ id: posts.id });
      await db.insert(circlePosts).values({ postId: post!.id, circleId: circle!.id });
      made.push(post!.id);
    }
    return made;
  });
  const [spam, tip, kept] = ids as [number, number, number];

  await asModerator.goto('/admin/content');
  await asModerator.getByTestId('filter-author').fill(String(author.user.id));
  await asModerator.getByTestId('filter-author').press('Enter');
  const rows = asModerator.getByTestId('content-text');
  await expect(rows).toHaveCount(3);
  await expect(asModerator.getByTestId('content-author').first()).toContainText(`巡查作者${tag}`);
  await asModerator.getByRole('checkbox', { name: `#${spam} 加群领彩金 ${tag}` }).check();
  await asModerator.getByRole('checkbox', { name: `#${tip} 内部消息 ${tag}` }).check();
  await asModerator.getByTestId('content-remove').click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByLabel('违规广告或引流').check();
  await dialog.getByTestId('reason-text').fill('博彩引流');
  await shoot(asModerator, 'remove-dialog');
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(asModerator.locator('[data-testid="content-state"][data-state="removed"]')).toHaveCount(2);
  await expect(asModerator.locator('[data-testid="content-state"][data-state="shown"]')).toHaveCount(1);
  await shoot(asModerator, 'list');

  // The author still reads them, marked removed with the reason.
  await author.page.goto('/circle');
  const own = author.page.getByTestId('own-circle-post');
  await expect(own.filter({ hasText: `加群领彩金 ${tag}` }).getByTestId('review-status')).toHaveAttribute(
    'data-status',
    'removed',
  );
  await expect(own.filter({ hasText: `内部消息 ${tag}` }).getByTestId('review-status')).toHaveText(
    '已被移除',
  );
  await author.page.goto(`/circle-detail?id=${spam}`);
  await expect(author.page.getByTestId('review-notice')).toContainText('博彩引流');
  await expect(author.page.getByTestId('circle-post-body')).toHaveText(`加群领彩金 ${tag}`);
  await shoot(author.page, 'author-view');

  // A visitor: gone from the list, a tombstone on its page; the third post stays.
  await visitor.goto('/circle?sort=new');
  await expect(visitor.getByText(`今晚看好主队 ${tag}`)).toBeVisible();
  await expect(visitor.getByText(`加群领彩金 ${tag}`)).toHaveCount(0);
  await expect(visitor.getByText(`内部消息 ${tag}`)).toHaveCount(0);
  await visitor.goto(`/circle-detail?id=${tip}`);
  await expect(visitor.getByTestId('post-tombstone')).toContainText('该帖子已被移除');
  await expect(visitor.getByText(`内部消息 ${tag}`)).toHaveCount(0);
  await shoot(visitor, 'tombstone');
  await visitor.goto(`/circle-detail?id=${kept}`);
  await expect(visitor.getByTestId('circle-post-body')).toHaveText(`今晚看好主队 ${tag}`);
  await author.page.context().close();
});
