// The community end to end: with review on, a fan of their own writes a post with 4 images in a circle
// (a fifth image is refused at once), sees it pending, an operator approves it through the operator
// endpoint, and it is in the hot posts; another fan opens it, likes it and comments.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { freshUserPage } from './accounts';
import { expect, test } from './fixtures';

const picture = (background: string) =>
  sharp({ create: { width: 480, height: 270, channels: 3, background } })
    .png()
    .toBuffer();

test('a post with 4 images waits for review, is approved, is hot, and is liked and commented on', async ({
  browser,
  asOperator,
  asUser,
}) => {
  test.setTimeout(150_000);
  const text = `周末德比谁能赢？<b>说说你的比分</b> #${randomInt(1_000_000)}`;
  const review = (on: boolean) =>
    asOperator.request.post('/api/admin/circle/settings', { data: { review: on } });
  expect((await (await review(true)).json()).code).toBe(0);
  try {
    const { page } = await freshUserPage(browser, '发帖的球迷');
    await page.goto('/circle');
    const composer = page.getByTestId('post-composer');
    await expect(composer.getByText('新帖需审核通过后才会展示')).toBeVisible();
    await composer.getByTestId('circle-select').selectOption({ label: '足球圈' });
    await composer.getByTestId('post-text-input').fill(text);

    const colours = ['#1d4ed8', '#16a34a', '#dc2626', '#9333ea', '#f59e0b'];
    const files = await Promise.all(
      colours.map(async (colour, index) => ({
        name: `${index}.png`,
        mimeType: 'image/png',
        buffer: await picture(colour),
      })),
    );
    // Five at once: refused with the rule, nothing uploaded.
    await page.getByTestId('post-image-input').setInputFiles(files);
    await expect(composer.getByTestId('composer-error')).toHaveText('最多只能添加 4 张图片');
    await expect(composer.getByTestId('composer-media')).toHaveCount(0);
    await page.getByTestId('post-image-input').setInputFiles(files.slice(0, 4));
    await expect(composer.getByTestId('composer-media').locator('li')).toHaveCount(4);
    const publish = composer.getByTestId('post-publish');
    await expect(publish).toBeEnabled({ timeout: 60_000 });
    await publish.click();
    await expect(page.getByText('已提交，审核通过后展示')).toBeVisible();

    // The author sees it pending; nobody else sees it.
    const own = page.getByTestId('own-circle-post').filter({ hasText: text });
    await expect(own.getByTestId('review-status')).toHaveText('待审核');
    const postId = Number(await own.getAttribute('data-post-id'));
    await asUser.goto('/circle?sort=new');
    await expect(asUser.getByTestId('circle-post').filter({ hasText: text })).toHaveCount(0);

    // The operator approves it in the review queue (lib/review).
    const pending = await (
      await asOperator.request.get('/api/admin/review/circlePost/list?size=100&dir=desc')
    ).json();
    expect(pending.data.list.map((post: { id: number }) => post.id)).toContain(postId);
    const approved = await asOperator.request.post('/api/admin/review/circlePost/decide', {
      data: { ids: [postId], approve: true, reason_code: 'meets_rules' },
    });
    expect((await approved.json()).data.results[0]).toMatchObject({
      ok: true,
      after: { review_status: 'approved' },
    });

    await page.reload();
    await expect(own.getByTestId('review-status')).toHaveText('审核通过');
    await asUser.goto('/circle');
    await expect(asUser.getByTestId('circle-sort-day')).toHaveAttribute('aria-current', 'page');
    const hot = asUser.getByTestId('circle-post').filter({ hasText: text });
    // Plain text: the markup shows as typed.
    await expect(hot.getByTestId('circle-post-text')).toHaveText(text);
    await expect(hot.getByTestId('post-images').locator('img')).toHaveCount(4);

    // Another fan opens it, likes it and comments.
    await hot.getByTestId('circle-post-text').click();
    await expect(asUser).toHaveURL(new RegExp(`/circle-detail\\?id=${postId}$`));
    const detail = asUser.getByTestId('circle-post-detail');
    await expect(detail.getByTestId('circle-post-body')).toHaveText(text);
    await detail.getByTestId('circle-detail-like').click();
    await expect(detail.getByTestId('circle-detail-like-count')).toHaveText('1');
    const thread = asUser.getByTestId('comment-thread');
    await thread.getByTestId('comment-input').fill('主队 2:1 拿下');
    await thread.getByRole('button', { name: '发表' }).click();
    await expect(thread.getByTestId('comment').filter({ hasText: '主队 2:1 拿下' })).toBeVisible();
    await asUser.reload();
    await expect(detail.getByTestId('circle-detail-like')).toHaveAttribute('aria-pressed', 'true');
    await expect(asUser.getByTestId('comment').filter({ hasText: '主队 2:1 拿下' })).toBeVisible();
  } finally {
    await review(false);
  }
});

test('a guest is asked to log in before posting', async ({ page }) => {
  await page.goto('/circle');
  await page.getByRole('button', { name: '登录后发帖' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
