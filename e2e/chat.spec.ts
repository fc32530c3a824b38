// Room chat in the browser with two viewers in their own contexts: a line sent by one appears for the
// other in the chat and as danmaku over the stage (HTML stays text); the anchor mutes a viewer from the
// user card (the ban notice shows, the box is closed and the server refuses), then lifts it; the anchor
// deletes a line and it disappears for the viewer; /score-live has the match's chat.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ensureRoom } from '@/lib/live/service';
import { matches } from '@/lib/scores/schema';
import { freshUserPage } from './accounts';
import { withDatabase } from './database';
import { expect as baseExpect, test } from './fixtures';

// Two or three browsers and pushes on a busy 2-core machine: generous limits.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const shots = process.env.SHOTS_DIR;

async function freshRoom(browser: import('@playwright/test').Browser) {
  const anchor = await freshUserPage(browser, `聊天主播${randomInt(1e6)}`, { isAnchor: true });
  const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '聊天测试直播间' }));
  return { anchor, roomId: room.id };
}

/** Opens the room and waits until this viewer's own entry notice came back: the socket is in the room. */
async function enter(page: Page, roomId: number, nickname: string) {
  await page.goto(`/live?id=${roomId}`);
  const chat = page.getByTestId('room-chat');
  await expect(chat.getByTestId('chat-notice-enter').filter({ hasText: nickname })).toBeVisible({
    timeout: 20_000,
  });
  return chat;
}

async function say(page: Page, text: string) {
  const chat = page.getByTestId('room-chat');
  await chat.getByTestId('chat-input').fill(text);
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByTestId('chat-input')).toHaveValue('');
}

test('a line sent by one viewer appears for the other in the chat and as danmaku, as text', async ({
  browser,
}) => {
  const { roomId } = await freshRoom(browser);
  const alice = await freshUserPage(browser, `小红${randomInt(1e6)}`);
  const bob = await freshUserPage(browser, `小明${randomInt(1e6)}`);
  await enter(alice.page, roomId, alice.user.nickname);
  const bobChat = await enter(bob.page, roomId, bob.user.nickname);

  const text = `好球 <b>bold</b><script>alert(1)</script> ${randomInt(1e6)}`;
  await say(alice.page, text);
  const line = bobChat.getByTestId('chat-line').filter({ hasText: text });
  await expect(line).toBeVisible();
  await expect(line.getByTestId('chat-name')).toHaveText(alice.user.nickname);
  await expect(line.locator('b')).toHaveCount(0);
  await expect(bob.page.getByTestId('danmaku-layer').getByText(text, { exact: true })).toBeAttached();

  // An emoji from the picker goes in as its character and shows as the Twemoji image.
  await alice.page.getByRole('button', { name: '表情' }).click();
  await expect(alice.page.getByTestId('emoji-picker').getByRole('button')).toHaveCount(142);
  await alice.page.getByTestId('emoji-picker').getByRole('button', { name: '⚽' }).click();
  await alice.page.keyboard.press('Escape');
  await alice.page.getByTestId('chat-input').pressSequentially(' 进球');
  await alice.page.getByRole('button', { name: '发送' }).click();
  await expect(
    bobChat.getByTestId('chat-line').filter({ hasText: '进球' }).locator('img[alt="⚽"]'),
  ).toBeVisible();

  // Danmaku off: lines stop flying; the choice is kept for the next visit.
  await bob.page.getByTestId('danmaku-toggle').click();
  await expect(bob.page.getByTestId('danmaku-toggle')).toHaveAttribute('aria-pressed', 'false');
  expect(await bob.page.evaluate(() => JSON.parse(localStorage.getItem('danmaku') ?? '{}').show)).toBe(false);
  if (shots) await bob.page.screenshot({ path: `${shots}/chat-room.png` });
});

test('a muted viewer sees the ban, cannot send, and can again after it is lifted', async ({ browser }) => {
  const { anchor, roomId } = await freshRoom(browser);
  const viewer = await freshUserPage(browser, `嘴硬哥${randomInt(1e6)}`);
  const anchorChat = await enter(anchor.page, roomId, anchor.user.nickname);
  const viewerChat = await enter(viewer.page, roomId, viewer.user.nickname);

  await say(viewer.page, '裁判是不是收钱了');
  await anchorChat
    .getByTestId('chat-line')
    .filter({ hasText: '裁判是不是收钱了' })
    .getByTestId('chat-name')
    .click();
  const card = anchor.page.getByTestId('user-card');
  await expect(card).toContainText(viewer.user.nickname);
  await card.getByRole('button', { name: '10 分钟' }).first().click();
  await expect(card.getByRole('status')).toHaveText('已禁言');

  await expect(viewerChat.getByTestId('chat-notice-taboo')).toContainText(
    `${viewer.user.nickname} 被禁言 10 分钟`,
  );
  await expect(viewerChat.getByTestId('chat-muted')).toContainText('你已被禁言');
  await expect(viewerChat.getByTestId('chat-input')).toHaveCount(0);
  const refused = await viewer.page.request.post('/api/live/sendChatSensitive', {
    data: { room_id: roomId, content: '偷偷说一句' },
  });
  expect((await refused.json()).msg).toMatch(/^你已被禁言，\d+ 分钟后可再发言$/);

  await card.getByRole('button', { name: '解除禁言' }).click();
  await expect(card.getByRole('status')).toHaveText('已解除禁言');
  await expect(viewerChat.getByTestId('chat-notice-relieve')).toContainText(viewer.user.nickname);
  await say(viewer.page, '我错了');
  await expect(anchorChat.getByTestId('chat-line').filter({ hasText: '我错了' })).toBeVisible();
});

test('a moderator deletes a line and it disappears for the other viewer', async ({ browser }) => {
  const { anchor, roomId } = await freshRoom(browser);
  const viewer = await freshUserPage(browser, `广告号${randomInt(1e6)}`);
  const anchorChat = await enter(anchor.page, roomId, anchor.user.nickname);
  const viewerChat = await enter(viewer.page, roomId, viewer.user.nickname);
  await say(viewer.page, '加群领福利 12345');
  const line = anchorChat.getByTestId('chat-line').filter({ hasText: '加群领福利' });
  await expect(viewerChat.getByTestId('chat-line').filter({ hasText: '加群领福利' })).toBeVisible();
  await line.hover();
  await line.getByTestId('chat-delete').click();
  await expect(viewerChat.getByTestId('chat-line').filter({ hasText: '加群领福利' })).toHaveCount(0);
  await expect(line).toHaveCount(0);
  // A plain viewer gets no delete control.
  await say(anchor.page, '请文明观赛');
  await expect(
    viewerChat.getByTestId('chat-line').filter({ hasText: '请文明观赛' }).getByTestId('chat-delete'),
  ).toHaveCount(0);
});

test('a guest reads the match chat on /score-live and is asked to sign in to write', async ({
  page,
  browser,
}) => {
  const matchId = await withDatabase(
    async (db) => (await db.select({ id: matches.id }).from(matches).limit(1))[0]!.id,
  );
  const fan = await freshUserPage(browser, `比分迷${randomInt(1e6)}`);
  await fan.page.goto(`/score-live?id=${matchId}`);
  const fanChat = fan.page.getByTestId('room-chat');
  await expect(fanChat.getByTestId('chat-input')).toBeVisible();
  await page.goto(`/score-live?id=${matchId}`);
  const guestChat = page.getByTestId('room-chat');
  await expect(guestChat.getByRole('button', { name: '登录后参与聊天' })).toBeVisible();
  await expect(guestChat.getByTestId('chat-list')).toBeVisible();
  // The guest's socket must be in the match's channel before the line is sent.
  await page.waitForTimeout(1500);
  const text = `这球必进 ${randomInt(1e6)}`;
  await say(fan.page, text);
  // A guest has no entry notice to wait on: on a busy machine its join can come after the send, so
  // the line may come from the push or, after one reload, from the history.
  const guestLine = guestChat.getByTestId('chat-line').filter({ hasText: text });
  await expect(async () => {
    if (!(await guestLine.isVisible())) await page.reload();
    await expect(guestLine).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  // Reading needs no account: nothing asked the guest to sign in.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (shots) await fan.page.screenshot({ path: `${shots}/chat-score-live.png` });
});

test('the anchor turns slow mode on in the anchor centre and viewers see it in the chat', async ({
  browser,
}) => {
  const { anchor, roomId } = await freshRoom(browser);
  await anchor.page.goto('/member?type=9');
  const card = anchor.page
    .locator('section', { has: anchor.page.getByRole('heading', { name: '聊天设置' }) })
    .last();
  await expect(card.getByText('还没有房管')).toBeVisible();
  await card.getByLabel('慢速模式').selectOption('10');
  await expect(anchor.page.getByText('已保存')).toBeVisible();
  await card.getByLabel('拒绝发送').check();
  if (shots) await card.screenshot({ path: `${shots}/chat-settings.png` });
  const viewer = await freshUserPage(browser, `慢速观众${randomInt(1e6)}`);
  const chat = await enter(viewer.page, roomId, viewer.user.nickname);
  await expect(chat.getByText('慢速模式 10 秒')).toBeVisible();
  await say(viewer.page, '第一句');
  await chat.getByTestId('chat-input').fill('第二句');
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByTestId('chat-error')).toHaveText(/^慢速模式已开启，请 \d+ 秒后再发言$/);
});

test('the 私信 button on a chat card opens a private conversation with that viewer', async ({ browser }) => {
  const { roomId } = await freshRoom(browser);
  const alice = await freshUserPage(browser, `小芳${randomInt(1e6)}`);
  const bob = await freshUserPage(browser, `小刚${randomInt(1e6)}`);
  const aliceChat = await enter(alice.page, roomId, alice.user.nickname);
  await enter(bob.page, roomId, bob.user.nickname);

  await say(bob.page, '有人一起看下半场吗');
  await aliceChat
    .getByTestId('chat-line')
    .filter({ hasText: '有人一起看下半场吗' })
    .getByTestId('chat-name')
    .click();
  const card = alice.page.getByTestId('user-card');
  await expect(card).toContainText(bob.user.nickname);
  await card.getByRole('button', { name: '私信' }).click();

  // The overlay opens on the conversation with Bob (made on first use), ready to write.
  const overlay = alice.page.getByTestId('im-overlay');
  const thread = overlay.getByTestId('message-thread');
  await expect(thread.getByRole('heading', { name: bob.user.nickname })).toBeVisible();
  await expect(overlay.getByTestId('conversation').filter({ hasText: bob.user.nickname })).toHaveAttribute(
    'aria-current',
    'true',
  );
  if (shots) await alice.page.screenshot({ path: `${shots}/chat-card-pm.png` });
  const box = thread.getByPlaceholder('输入消息，Enter 发送，Shift+Enter 换行');
  await box.fill('我也在看，加个好友');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(
    thread.getByTestId('message-list').getByText('我也在看，加个好友', { exact: true }),
  ).toBeVisible();

  // Bob has it among his private chats, from Alice.
  await bob.page.goto('/chat-chat');
  const fromAlice = bob.page.getByTestId('conversation').filter({ hasText: alice.user.nickname });
  await expect(fromAlice).toContainText('我也在看，加个好友');
  await fromAlice.click();
  await expect(
    bob.page.getByTestId('message-list').getByText('我也在看，加个好友', { exact: true }),
  ).toBeVisible();

  await alice.page.context().close();
  await bob.page.context().close();
});
