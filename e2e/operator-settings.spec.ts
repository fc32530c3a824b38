// Settings operators need and notices people can read (#41 items 7 and 8), in the browser: an operator
// switches sign-up to invite-only on /admin/settings and a visitor without a code is refused in words; a
// muted user reads the mute's end in the message centre in their own zone and language, the zone named.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { zoneOffsetLabel } from '@/lib/time/zone-name';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { expect, test } from './fixtures';
import { loginDialog as dialog, openLoginDialog } from './login';

const shots = process.env.SHOTS_DIR ?? 'test-results';

/** The newest code sent to `mobile`, read from the built-in SMS outbox through the operator API. */
async function smsCodeFor(operator: Page, mobile: string) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await operator.request.get('/api/admin/sms/outbox?limit=20');
        const { data } = (await reply.json()) as { data: { recipient: string; body: string }[] };
        code = data.find((message) => message.recipient === `+86 ${mobile}`)?.body.match(/\d{6}/)?.[0];
        return code;
      },
      // The send waits for the captcha's proof of work, slow on a busy machine.
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

test('an operator makes sign-up invite-only; a visitor without a code is told so @sitewide', async ({
  page,
  asOperator,
}) => {
  test.setTimeout(120_000);
  try {
    await asOperator.goto('/admin/settings');
    const card = asOperator.getByTestId('setting-registration');
    await card.getByLabel('仅限邀请').check();
    await asOperator.getByTestId('settings-registration-save').click();
    await expect(asOperator.getByRole('status').filter({ hasText: '已保存并生效' })).toBeVisible({
      timeout: 15_000,
    });
    await asOperator.getByTestId('setting-registration').scrollIntoViewIfNeeded();
    await asOperator.screenshot({ path: `${shots}/operator-settings.png`, fullPage: true });

    const mobile = `137${String(randomInt(100_000_000)).padStart(8, '0')}`;
    await page.goto('/main');
    await openLoginDialog(page);
    await dialog(page).getByRole('tab', { name: '密码登录' }).click();
    await dialog(page).getByRole('button', { name: '还没有账号？立即注册' }).click();
    // The form says so before anything is typed, and asks for the code the field now calls required.
    const refusal = '本站目前仅限邀请注册，请填写好友给你的邀请码';
    await expect(dialog(page).getByTestId('registration-mode')).toHaveText(refusal);
    await expect(dialog(page).getByRole('textbox', { name: '邀请码' })).toHaveAttribute(
      'placeholder',
      '邀请码（必填）',
    );
    await dialog(page).getByRole('textbox', { name: '手机号' }).fill(mobile);
    await dialog(page).getByRole('button', { name: '获取验证码' }).click();
    await dialog(page)
      .getByRole('textbox', { name: '短信验证码' })
      .fill(await smsCodeFor(asOperator, mobile));
    await dialog(page).getByRole('textbox', { name: '密码' }).fill('invite-only');
    await dialog(page).getByRole('button', { name: '注册', exact: true }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: refusal })).toBeVisible({
      timeout: 15_000,
    });
    await page.screenshot({ path: `${shots}/registration-invite-only.png` });
  } finally {
    const reset = await asOperator.request.post('/api/admin/settings/save', {
      data: { registration: null, reason: 'e2e: sign-up open again' },
    });
    expect((await reset.json()).code).toBe(0);
  }
});

test('a muted user reads the end of the mute in their own zone and language, the zone named', async ({
  browser,
  asModerator,
}) => {
  const timeZone = 'America/New_York';
  const muted = await freshUserPage(browser, `禁言者${randomInt(1e6)}`, { timeZone });
  const until = new Date((await serverNow()).getTime() + 3 * 3_600_000);
  until.setUTCSeconds(0, 0);
  const given = await asModerator.request.post('/api/admin/users/sanction', {
    data: {
      user_id: muted.user.id,
      kind: 'mute',
      until: until.toISOString(),
      reason_code: 'abuse',
      reason: 'Insults in the chat',
    },
  });
  expect((await given.json()).code).toBe(0);

  const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    until,
  );
  const zone = `(New York, ${zoneOffsetLabel(timeZone, until)})`;
  await muted.page.goto('/en/member?type=10');
  await expect(muted.page.getByTestId('notices')).toContainText(
    `You were muted until ${time} ${zone}: abuse or personal attacks · Insults in the chat`,
  );
  await muted.page.screenshot({ path: `${shots}/mute-notice-en.png` });

  // Refused when writing: the same end, the same zone, in the reader's language.
  const refused = await muted.page.request.post('/api/im/send', {
    headers: { lang: 'en' },
    data: { user_id: 1, text: 'hello?' },
  });
  expect((await refused.json()).msg).toBe(`You are muted until ${time} ${zone}`);
  await muted.page.context().close();
});
