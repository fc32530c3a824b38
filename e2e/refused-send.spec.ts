// A refused send says why where the sender typed and keeps the text: a private message over the rate
// limit (20 in 30 s) and a room-chat line with a sensitive word in a room that refuses them.
import { randomInt } from 'node:crypto';
import { IM_RATE, openConversation } from '@/lib/im/service';
import { ensureRoom } from '@/lib/live/service';
import { freshUserPage } from './accounts';
import { serverNow } from './clock';
import { withDatabase } from './database';
import { expect as baseExpect, test } from './fixtures';

// Two browsers and pushes on a busy 2-core machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test('a private message over the rate limit says why under the box and stays in it', async ({ browser }) => {
  const sender = await freshUserPage(browser, `快手${randomInt(1e6)}`);
  const peer = await freshUserPage(browser, `收信人${randomInt(1e6)}`);
  const now = await serverNow();
  const { conversation_id } = await withDatabase((db) =>
    openConversation(db, sender.user.id, peer.user.id, now),
  );
  // The allowance is spent through the API, as a fast sender would.
  for (let index = 0; index < IM_RATE.points; index += 1) {
    const response = await sender.page.request.post('/api/im/send', {
      data: { conversation_id, type: 'text', text: `第 ${index + 1} 条` },
    });
    expect((await response.json()).code).toBe(0);
  }
  const { page } = sender;
  await page.goto('/chat-chat');
  await page.getByTestId('conversation').filter({ hasText: peer.user.nickname }).click();
  const thread = page.getByTestId('message-thread');
  await expect(thread.getByText(`第 ${IM_RATE.points} 条`, { exact: true })).toBeVisible();
  const box = thread.getByRole('textbox');
  await box.fill('这一条发得太快了');
  await box.press('Enter');
  const refusal = thread.getByTestId('im-send-error');
  await expect(refusal).toHaveText(/^发私信太快了，请 \d+ 秒后再试$/);
  await expect(box).toHaveValue('这一条发得太快了');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(thread.getByTestId('message-list').getByText('这一条发得太快了', { exact: true })).toHaveCount(
    0,
  );
  await page.screenshot({ path: 'test-results/pm-refused.png' });
  // Editing the text clears the message.
  await box.press('End');
  await box.pressSequentially('！');
  await expect(refusal).toHaveCount(0);
});

test('a room-chat line with a refused sensitive word says why and stays in the box', async ({
  browser,
  asOperator,
}) => {
  const word = `违禁${randomInt(1e6)}`;
  const added = await asOperator.request.post('/api/admin/sensitiveWords/add', { data: { words: [word] } });
  expect((await added.json()).code).toBe(0);
  try {
    const anchor = await freshUserPage(browser, `严格主播${randomInt(1e6)}`, { isAnchor: true });
    const room = await withDatabase((db) => ensureRoom(db, anchor.user.id, { title: '拒绝敏感词的直播间' }));
    const saved = await anchor.page.request.post('/api/chat/setRoomSettings', {
      data: { sensitive_mode: 'refuse' },
    });
    expect((await saved.json()).code).toBe(0);

    const viewer = await freshUserPage(browser, `观众${randomInt(1e6)}`);
    await viewer.page.goto(`/live?id=${room.id}`);
    const chat = viewer.page.getByTestId('room-chat');
    await expect(
      chat.getByTestId('chat-notice-enter').filter({ hasText: viewer.user.nickname }),
    ).toBeVisible();
    const input = chat.getByTestId('chat-input');
    await input.fill(`主队加油 ${word}`);
    await chat.getByRole('button', { name: '发送' }).click();
    await expect(chat.getByTestId('chat-error')).toHaveText('内容含有敏感词，请修改后再发送');
    await expect(input).toHaveValue(`主队加油 ${word}`);
    await viewer.page.screenshot({ path: 'test-results/chat-refused.png' });
  } finally {
    const list = await asOperator.request.get(
      `/api/admin/sensitiveWords/list?search=${encodeURIComponent(word)}`,
    );
    for (const row of ((await list.json()).data?.list ?? []) as { id: number }[])
      await asOperator.request.post('/api/admin/sensitiveWords/delete', { data: { id: row.id } });
  }
});
