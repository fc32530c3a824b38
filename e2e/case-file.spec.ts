// A user's case file (issue #41 item 4): two accounts sign in from one browser (its device cookie and
// address); a moderator opens the first one's case file and finds the second listed as sharing its
// device, with the report the second made about the first; writes a staff note; mutes the second until a
// time of their choosing and reads that mute on the second's file with who gave it, why and until when.
import { randomInt } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { solvedChallenge } from '@/lib/testing/captcha';
import { wallTimeOf } from '@/lib/time/zone';
import { E2E_BASE_URL, E2E_SAME_ORIGIN, E2E_TIME_ZONE } from '../playwright.config';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect, test } from './fixtures';

const shots = process.env.SHOTS_DIR;
const AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** Signs accounts in one after another from one browser (one cookie jar, one user agent, one address). */
async function oneBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    userAgent: AGENT,
    timezoneId: E2E_TIME_ZONE,
  });
  return {
    context,
    async signIn(mobile: string) {
      const challenge = await context.request.get(`/api/captcha/challenge?mobile=86-${mobile}&for=login`);
      const answer = await context.request.post('/api/user/login', {
        data: {
          mobile: `86-${mobile}`,
          password: 'secret123',
          device_type: 'pc',
          captcha: await solvedChallenge((await challenge.json()).data),
        },
      });
      expect((await answer.json()).code).toBe(0);
    },
  };
}

test('a case file lists the accounts sharing a device, their reports, notes and sanctions', async ({
  browser,
  asModerator,
}) => {
  test.setTimeout(120_000);
  const tag = randomInt(1e6);
  const passwordHash = await hashPassword('secret123');
  const [first, second] = await withDatabase(async (db) => {
    const made = await db
      .insert(users)
      .values(
        [`案卷甲${tag}`, `案卷乙${tag}`].map((nickname) => ({
          mobile: `171${String(randomInt(0, 1e8)).padStart(8, '0')}`,
          nickname,
          passwordHash,
        })),
      )
      .returning();
    return made;
  });
  const shared = await oneBrowser(browser);
  await shared.signIn(first!.mobile);
  await shared.signIn(second!.mobile);
  await shared.context.close();
  // The second account reported the first.
  await withDatabase(async (db) => {
    const [reason] = await db.select().from(reportReasons).limit(1);
    await db.insert(reports).values({
      reporterId: second!.id,
      targetType: 'user',
      targetId: first!.id,
      reasonId: reason!.id,
      content: `举报${tag}`,
    });
  });

  await asModerator.goto(`/admin/users/${first!.id}`);
  const sharedPanel = asModerator.getByTestId('case-shared');
  const secondRow = sharedPanel.getByRole('listitem').filter({ hasText: second!.nickname });
  await expect(secondRow.filter({ hasText: '同设备' })).toHaveCount(1);
  await expect(secondRow.filter({ hasText: '同 IP' })).toHaveCount(1);
  await expect(asModerator.getByTestId('case-sign-ins')).toContainText('Chrome/140.0');
  await expect(asModerator.getByTestId('case-reports-received')).toContainText(`举报${tag}`);
  await expect(asModerator.getByTestId('case-reports-received')).toContainText(`举报人 ${second!.nickname}`);

  // A staff note, kept on the file.
  await asModerator.getByTestId('note-body').fill(`电话申诉，已口头警告 ${tag}`);
  await asModerator.getByTestId('note-save').click();
  await expect(asModerator.getByTestId('case-notes')).toContainText(`电话申诉，已口头警告 ${tag}`);
  if (shots)
    for (const width of [1280, 1920, 360]) {
      await asModerator.setViewportSize({ width, height: 900 });
      await asModerator.screenshot({ path: `${shots}/case-file-${width}.png`, fullPage: true });
    }
  await asModerator.setViewportSize({ width: 1440, height: 900 });

  // To the second account's file, and a mute until a chosen time.
  await secondRow.first().getByRole('link').click();
  await expect(asModerator).toHaveURL(new RegExp(`/admin/users/${second!.id}$`));
  await expect(asModerator.getByTestId('case-reports-made')).toContainText(`举报${tag}`);
  await expect(asModerator.getByTestId('case-shared')).toContainText(first!.nickname);
  const end = new Date((await serverNow()).getTime() + 3 * 86_400_000);
  end.setUTCSeconds(0, 0);
  await asModerator.getByTestId('give-mute').click();
  const dialog = asModerator.getByTestId('reason-dialog');
  await dialog.getByTestId('sanction-duration').selectOption('custom');
  await dialog.getByTestId('sanction-end').fill(wallTimeOf(end, E2E_TIME_ZONE));
  await dialog.getByRole('radio').first().check();
  await dialog.getByTestId('reason-text').fill(`同设备小号 ${tag}`);
  await dialog.getByTestId('reason-confirm').click();
  await expect(dialog).toBeHidden();
  const sanctions = asModerator.getByTestId('user-sanctions');
  await expect(sanctions).toContainText(`同设备小号 ${tag}`);
  await expect(sanctions).toContainText('操作');
  const [row] = await withDatabase((db) =>
    db.select({ mutedUntil: users.mutedUntil }).from(users).where(eq(users.id, second!.id)),
  );
  expect(row?.mutedUntil?.toISOString()).toBe(end.toISOString());
  if (shots) await asModerator.screenshot({ path: `${shots}/case-file-second.png`, fullPage: true });
});
