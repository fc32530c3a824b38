// Private messages and the message centre with two people in their own browsers: a seeded
// conversation of 40 messages pages 15 then older ones on scrolling to the top, opening it clears its
// unread count, a message reaches a second tab of the recipient; a fan with more conversations than a page
// sees the rest after "更多会话", and a new message moves its conversation up; a new follower shows in the message
// centre and the top bar's badge clears once read. A message the reader reports and a moderator upholds
// turns into a tombstone on both pages (the sender reads why).

import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { createGroup } from '@/lib/im/groups';
import { imConversations, imMembers, imMessages } from '@/lib/im/schema';
import { openConversation } from '@/lib/im/service';
import { reports } from '@/lib/moderation/schema';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect as baseExpect, test } from './fixtures';
import { decideInQueue, reviewQueue } from './review-queue';

// A busy 2-core machine: pages, sockets and pushes get time.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ timeout: 180_000 });

const listening = (page: import('@playwright/test').Page) =>
  expect(page.getByTestId('im-entry')).toHaveAttribute('data-listening', 'true');

test('a conversation pages 15 at a time, clears its unread count and reaches every tab', async ({
  browser,
}) => {
  // Two people, three tabs and the emoji picker on a busy 2-core machine.
  test.setTimeout(360_000);
  const alice = await freshUserPage(browser, `艾丽斯${randomInt(10_000)}`);
  const bob = await freshUserPage(browser, `鲍勃${randomInt(10_000)}`);
  const start = (await serverNow()).getTime() - 3 * 3600_000;
  await withDatabase(async (db) => {
    const { conversation_id } = await openConversation(db, alice.user.id, bob.user.id, new Date(start));
    const written = await db
      .insert(imMessages)
      .values(
        Array.from({ length: 40 }, (_, index) => ({
          conversationId: conversation_id,
          senderId: alice.user.id,
          kind: 'text' as const,
          text: `第 ${index + 1} 条消息`,
          createdAt: new Date(start + index * 60_000),
        })),
      )
      .returning({ id: imMessages.id });
    // Written past the service, so its bookkeeping too: Bob has 40 unread, both see it as the latest
    // (the members' list time, the conversation's newest message).
    const last = new Date(start + 39 * 60_000);
    await db
      .update(imMembers)
      .set({
        lastMessageAt: last,
        unread: sql`case when ${imMembers.userId} = ${bob.user.id} then 40 else 0 end`,
      })
      .where(eq(imMembers.conversationId, conversation_id));
    await db
      .update(imConversations)
      .set({ lastMessageAt: last, lastMessageId: Math.max(...written.map((row) => row.id)) })
      .where(eq(imConversations.id, conversation_id));
  });

  const { page } = bob;
  await page.goto('/chat-chat');
  const conversation = page.getByTestId('conversation').filter({ hasText: alice.user.nickname });
  await expect(conversation.getByTestId('unread-count')).toHaveText('40');
  await expect(page.getByTestId('im-entry').getByTestId('badge')).toHaveText('40');

  await conversation.click();
  const list = page.getByTestId('message-list');
  await expect(list.getByText('第 40 条消息', { exact: true })).toBeVisible();
  await expect(list.getByTestId('message')).toHaveCount(15);
  await expect(list.getByText('第 26 条消息', { exact: true })).toBeVisible();
  await expect(list.getByText('第 25 条消息', { exact: true })).toHaveCount(0);
  // Gaps of 60 s get no label; the first message has one.
  await expect(list.getByTestId('time-label')).toHaveCount(1);
  // Opening it read it: the list's count and the top bar's badge clear.
  await expect(conversation.getByTestId('unread-count')).toHaveCount(0);
  await expect(page.getByTestId('im-entry').getByTestId('badge')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/pm-chat-chat.png' });

  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(list.getByText('第 11 条消息', { exact: true })).toBeVisible();
  await expect(list.getByTestId('message')).toHaveCount(30);
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(list.getByText('第 1 条消息', { exact: true })).toBeVisible();
  await expect(list.getByTestId('message')).toHaveCount(40);
  await expect(list.getByText('没有更早的消息了')).toBeVisible();

  // Bob's second tab has the overlay open on the same conversation.
  const secondTab = await page.context().newPage();
  await secondTab.goto('/main');
  await listening(secondTab);
  await secondTab.getByTestId('im-entry').click();
  const overlay = secondTab.getByTestId('im-overlay');
  await overlay.getByTestId('conversation').filter({ hasText: alice.user.nickname }).click();
  await expect(overlay.getByText('第 40 条消息', { exact: true })).toBeVisible();

  // Alice answers from her page with Enter; HTML stays text.
  await listening(page);
  await alice.page.goto('/chat-chat');
  await alice.page.getByTestId('conversation').filter({ hasText: bob.user.nickname }).click();
  const box = alice.page.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行');
  const payload = '晚上一起看球 <b>好吗</b>';
  await box.fill(payload);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(alice.page.getByTestId('message-list').getByText(payload, { exact: true })).toBeVisible();
  await expect(list.getByText(payload, { exact: true })).toBeVisible();
  await expect(overlay.getByText(payload, { exact: true })).toBeVisible();
  await expect(overlay.locator('b')).toHaveCount(0);
  // Bob has it open, so Alice sees it read.
  await expect(alice.page.getByTestId('read-state').last()).toHaveText('已读');

  // The room chat's emoji picker: the emoji goes in at the caret and arrives as its Twemoji image.
  await box.fill('好球');
  await box.press('Home');
  await alice.page.getByRole('button', { name: '表情' }).click();
  await expect(alice.page.getByTestId('emoji-picker').getByRole('button')).toHaveCount(142);
  await alice.page.screenshot({ path: 'test-results/pm-emoji.png' });
  await alice.page.getByTestId('emoji-picker').getByRole('button', { name: '⚽' }).click();
  // A pick closes the picker and gives the caret back to the box.
  await expect(alice.page.getByTestId('emoji-picker')).toHaveCount(0);
  await expect(box).toHaveValue('⚽好球');
  await expect(box).toBeFocused();
  await box.press('Enter');
  await expect(
    overlay.getByTestId('message').filter({ hasText: '好球' }).locator('img[alt="⚽"]'),
  ).toBeVisible();
  // And from the overlay: Bob answers with an emoji alone.
  await overlay.getByRole('button', { name: '表情' }).click();
  await secondTab.getByTestId('emoji-picker').getByRole('button', { name: '👍' }).click();
  // The overlay stays open with the emoji in its box.
  await expect(overlay.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行')).toHaveValue('👍');
  await overlay.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行').press('Enter');
  await expect(
    alice.page.getByTestId('message-list').getByTestId('message').last().locator('img[alt="👍"]'),
  ).toBeVisible();
  await secondTab.screenshot({ path: 'test-results/pm-overlay.png' });

  await alice.page.context().close();
  await page.context().close();
});

test('a fan with more conversations than a page sees the next ones after loading more', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const fan = await freshUserPage(browser, `多会话球迷${randomInt(10_000)}`);
  const oldest = await freshUserPage(browser, `老球友${randomInt(10_000)}`);
  const start = (await serverNow()).getTime() - 24 * 3600_000;
  // 22 conversations, none written in yet: each listed by when it was opened, the oldest's first.
  const newer = await withDatabase(async (db) => {
    await openConversation(db, fan.user.id, oldest.user.id, new Date(start));
    const names: string[] = [];
    for (let index = 1; index <= 21; index++) {
      const nickname = `球友${index}号${randomInt(10_000)}`;
      const [peer] = await db
        .insert(users)
        .values({ mobile: `171${String(randomInt(0, 1e8)).padStart(8, '0')}`, nickname })
        .returning();
      await openConversation(db, fan.user.id, peer!.id, new Date(start + index * 60_000));
      names.push(nickname);
    }
    return names;
  });

  const { page } = fan;
  await page.goto('/chat-chat');
  const list = page.getByTestId('conversation-list');
  const rows = list.getByTestId('conversation');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(newer.at(-1)!);
  await expect(rows.filter({ hasText: oldest.user.nickname })).toHaveCount(0);
  await list.getByTestId('conversations-more').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/pm-conversations-more.png' });
  await list.getByTestId('conversations-more').click();
  await expect(rows).toHaveCount(22);
  await expect(rows.last()).toContainText(oldest.user.nickname);
  await expect(list.getByTestId('conversations-more')).toHaveCount(0);

  // A message from the oldest conversation moves it to the top, with its unread count, listed once.
  await listening(page);
  const sent = await oldest.page.request.post('/api/im/send', {
    data: { user_id: fan.user.id, text: '还记得我吗' },
  });
  expect((await sent.json()).code).toBe(0);
  await expect(rows.first()).toContainText(oldest.user.nickname);
  await expect(rows.first().getByTestId('unread-count')).toHaveText('1');
  await expect(rows).toHaveCount(22);
  await expect(rows.filter({ hasText: oldest.user.nickname })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/pm-more-conversations.png' });
  await oldest.page.context().close();
  await page.context().close();
});

test('the message centre shows a new follower and the badge clears once read', async ({ browser }) => {
  const anchor = await freshUserPage(browser, `主播${randomInt(10_000)}`, { isAnchor: true });
  const fan = await freshUserPage(browser, `球迷${randomInt(10_000)}`);
  await anchor.page.goto('/main');
  await listening(anchor.page);
  await expect(anchor.page.getByTestId('notices-entry').getByTestId('badge')).toHaveCount(0);

  const followed = await fan.page.request.post('/api/Member/attention', {
    data: { anchor_id: anchor.user.id, type: 1 },
  });
  expect((await followed.json()).code).toBe(0);
  // Pushed to the anchor's open page.
  await expect(anchor.page.getByTestId('notices-entry').getByTestId('badge')).toHaveText('1');

  await anchor.page.getByTestId('notices-entry').click();
  await expect(anchor.page).toHaveURL(/\/chat-chat\?tab=notices/);
  const notice = anchor.page.getByTestId('notice').first();
  await expect(notice).toContainText(`${fan.user.nickname} 关注了你`);
  await expect(notice).toHaveAttribute('data-read', 'false');
  await anchor.page.screenshot({ path: 'test-results/pm-notices.png' });
  await anchor.page.getByRole('button', { name: '全部已读' }).click();
  await expect(notice).toHaveAttribute('data-read', 'true');
  await expect(anchor.page.getByTestId('notices-entry').getByTestId('badge')).toHaveCount(0);

  await anchor.page.context().close();
  await fan.page.context().close();
});

test('a member invites a contact into an existing group from its info panel', async ({ browser }) => {
  const suffix = randomInt(10_000);
  const owner = await freshUserPage(browser, `群主${suffix}`);
  const member = await freshUserPage(browser, `群友${suffix}`);
  const newcomer = await freshUserPage(browser, `新朋友${suffix}`);
  const groupName = `周末看球${suffix}`;
  // The member has talked to the newcomer before, so the newcomer is in the member's address book.
  await withDatabase(async (db) => {
    const now = await serverNow();
    await createGroup(db, owner.user.id, { name: groupName, userIds: [member.user.id] }, now);
    await openConversation(db, member.user.id, newcomer.user.id, now);
  });

  const { page } = member;
  await page.goto('/chat-chat');
  await page.getByTestId('conversation').filter({ hasText: groupName }).click();
  await page.getByRole('button', { name: '群信息' }).click();
  const info = page.getByTestId('group-info');
  await expect(info.getByText('2 位成员')).toBeVisible();
  await expect(info.getByTestId('group-member').first()).toContainText(owner.user.nickname);
  await expect(info.getByTestId('group-member').first()).toContainText('群主');

  await info.getByRole('button', { name: '邀请', exact: true }).click();
  const picker = info.getByTestId('invite-picker');
  // Members already in are not offered.
  await expect(picker.getByText(newcomer.user.nickname)).toBeVisible();
  await expect(picker.getByText(owner.user.nickname)).toHaveCount(0);
  await picker.getByText(newcomer.user.nickname).click();
  await page.screenshot({ path: 'test-results/pm-group-invite.png' });
  await picker.getByRole('button', { name: '邀请（1）' }).click();
  await expect(info.getByRole('status')).toHaveText('已邀请 1 人入群');
  await expect(info.getByText('3 位成员')).toBeVisible();
  await expect(info.getByTestId('group-member').filter({ hasText: newcomer.user.nickname })).toBeVisible();
  await page.screenshot({ path: 'test-results/pm-group-info.png' });

  // The newcomer finds the group among their chats and can post in it.
  await newcomer.page.goto('/chat-chat');
  await newcomer.page.getByTestId('conversation').filter({ hasText: groupName }).click();
  const box = newcomer.page.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行');
  await box.fill('大家好');
  await box.press('Enter');
  await expect(page.getByTestId('message-list').getByText('大家好', { exact: true })).toBeVisible();

  for (const person of [owner, member, newcomer]) await person.page.context().close();
});

test('a reported private message upheld by a moderator is a tombstone to both parties, live', async ({
  browser,
  asModerator,
}) => {
  // Two people, a report, a console decision and pushes on a busy 2-core machine.
  test.setTimeout(300_000);
  const tag = randomInt(10_000);
  const sender = await freshUserPage(browser, `带单老师${tag}`);
  const reader = await freshUserPage(browser, `球迷小林${tag}`);
  const spam = `加我微信 lucky${tag} 带你买球，稳赚不赔`;
  await sender.page.request.post('/api/im/send', {
    data: { user_id: reader.user.id, text: '今晚的比赛看吗？' },
  });
  const sent = await sender.page.request.post('/api/im/send', {
    data: { user_id: reader.user.id, text: spam },
  });
  const message = (await sent.json()).data as { id: number };

  // The reader opens the conversation and reports the message from its flag.
  const { page } = reader;
  await page.goto('/chat-chat');
  await listening(page);
  await page.getByTestId('conversation').filter({ hasText: sender.user.nickname }).click();
  const list = page.getByTestId('message-list');
  const reported = list.getByTestId('message').filter({ hasText: spam });
  await expect(reported).toBeVisible();
  await reported.getByRole('button', { name: '举报私信' }).click();
  const dialog = page.getByTestId('report-dialog');
  await dialog.getByLabel('赌博或博彩广告').check();
  await dialog.getByRole('button', { name: /提交/ }).click();
  await expect(dialog).toBeHidden();

  const caseId = await withDatabase(async (db) => {
    const [row] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.targetType, 'pm'), eq(reports.targetId, message.id)));
    return row!.id;
  });
  await asModerator.goto(reviewQueue('report'));
  await expect(asModerator.getByTestId(`review-item-${caseId}`)).toContainText(spam);
  await decideInQueue(asModerator, caseId, 'approve', '违规广告或引流', '私信招揽赌博');

  // Pushed to the reader's open page: the line becomes a tombstone, the preview hides the words.
  const tombstone = list.getByTestId('message-removed');
  await expect(tombstone).toHaveText('该消息已被移除');
  await expect(list.getByText(spam)).toHaveCount(0);
  await expect(list.getByText('今晚的比赛看吗？')).toBeVisible();
  const preview = page.getByTestId('conversation').filter({ hasText: sender.user.nickname });
  await expect(preview).toContainText('[消息已被移除]');
  await expect(preview).not.toContainText(spam);
  await page.screenshot({ path: 'test-results/pm-tombstone-reader.png' });
  // After a reload too.
  await page.reload();
  await page.getByTestId('conversation').filter({ hasText: sender.user.nickname }).click();
  await expect(list.getByTestId('message-removed')).toHaveText('该消息已被移除');
  await expect(page.getByText(spam)).toHaveCount(0);

  // The sender reads why.
  await sender.page.goto('/chat-chat');
  await sender.page.getByTestId('conversation').filter({ hasText: reader.user.nickname }).click();
  await expect(sender.page.getByTestId('message-removed')).toHaveText(
    '你的这条消息已被管理员移除：违规广告或引流 · 私信招揽赌博',
  );
  await sender.page.screenshot({ path: 'test-results/pm-tombstone-sender.png' });

  await sender.page.context().close();
  await page.context().close();
});
