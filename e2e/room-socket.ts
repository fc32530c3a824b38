// Waiting until a page's socket is in a live room: a chat line, sent again until the page shows it, a new
// text each time (the same text within 30 s is refused as a duplicate, lib/chat/limits.ts). One line every
// 2 s or more stays under the sender's 20 lines in 30 s, so a page that joins late still gets a line.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Not imported from lib/chat/limits.ts: its limiters would open the portal's Redis in the test process.
const EVERY_MS = 2_000;

export async function untilInRoom(input: { sender: Page; reader: Page; roomId: number; text: string }) {
  let attempt = 0;
  let sent = '';
  await expect
    .poll(
      async () => {
        // The line sent last time has had an interval to arrive; the next one is only sent if it has not.
        if (sent && (await input.reader.getByTestId('chat-list').textContent())?.includes(sent)) return true;
        sent = `${input.text} ${++attempt}`;
        const response = await input.sender.request.post('/api/live/sendChatSensitive', {
          data: { room_id: input.roomId, content: sent },
        });
        const body = (await response.json()) as { code: number; msg?: string };
        expect(body.code, body.msg).toBe(0);
        return false;
      },
      { timeout: 60_000, intervals: [EVERY_MS] },
    )
    .toBe(true);
}
