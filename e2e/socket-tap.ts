// Frames of the test's own in a page's real socket (Playwright routeWebSocket): pushes that must arrive
// at a known moment (a goal) are injected as socket.io `42["message", …]` frames.
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect } from './fixtures';

/** Keeps the real socket and lets the test add frames of its own. Call before the page loads. */
export async function tapSocket(page: Page) {
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/socket\.io/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  return {
    /** Sends the messages one right after the other. */
    push: async (...messages: unknown[]) => {
      await expect.poll(() => sockets.length).toBeGreaterThan(0);
      // The socket registers on connect; a frame sent before the client's handshake ends would be lost.
      await page.waitForTimeout(1000);
      for (const message of messages)
        for (const ws of sockets) ws.send(`42${JSON.stringify(['message', message])}`);
    },
  };
}
