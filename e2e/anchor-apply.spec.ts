// Becoming an anchor: the application form, the operator's approval, and the start-broadcast entry.
import sharp from 'sharp';
import { freshUserPage } from './accounts';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

test('apply with an ID photo and an SMS code, get approved, and reach the anchor centre', async ({
  browser,
  asOperator,
}) => {
  const { page, user } = await freshUserPage(browser, '想当主播');
  await page.goto('/member?type=7');
  await expect(page.getByRole('heading', { level: 2, name: '申请成为主播' })).toBeVisible();

  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请完善资料后再提交')).toBeVisible();

  await page.getByLabel('真实姓名').fill('王大锤');
  await page.getByLabel('联系方式').fill('dachui@example.com');
  await page.getByLabel('证件号码').fill('11010519491231002X');
  const photo = await sharp({ create: { width: 900, height: 560, channels: 3, background: '#e7e9ee' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('上传照片')
    .setInputFiles({ name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('已上传：id-front.jpg')).toBeVisible();
  await page.getByLabel('直播经验').fill('太短');
  await page.getByLabel('短信验证码').fill('123456');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('直播经验至少需要 15 个字')).toBeVisible();

  await page.getByLabel('直播经验').fill('做过三年中超解说，也在平台直播过英超和欧冠的赛前分析节目。');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled({ timeout: 15_000 });
  const outbox = await asOperator.request.get('/api/admin/sms/outbox?limit=50');
  const { data } = (await outbox.json()) as { data: { recipient: string; body: string }[] };
  const code = data.find((message) => message.recipient === `+86 ${user.mobile}`)!.body.match(/\d{6}/)![0];
  await page.getByLabel('短信验证码').fill(code);
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByTestId('application-state')).toContainText('正在审核', { timeout: 15_000 });

  // The operator approves it in the review queue (lib/review).
  const list = await asOperator.request.get('/api/admin/review/anchorApplication/list', {
    params: { size: 100, dir: 'desc' },
  });
  const pending = ((await list.json()) as { data: { list: { id: number; user_id: number }[] } }).data.list;
  const mine = pending.find((row) => row.user_id === user.id)!;
  const review = await asOperator.request.post('/api/admin/review/anchorApplication/decide', {
    data: { ids: [mine.id], approve: true, reason_code: 'meets_rules' },
  });
  expect((await review.json()).data.results[0].ok).toBe(true);

  await page.goto('/main');
  const startLive = page.getByTestId('top-bar').getByRole('link', { name: '开播' });
  await expect(startLive).toHaveAttribute('href', '/member?type=9');
  await startLive.click();
  // The anchor centre is the heaviest page to render: at load 19 its navigation took over 10 s.
  await expect(page).toHaveURL(/\/member\?type=9$/, { timeout: 30_000 });
  await page.context().close();
});
