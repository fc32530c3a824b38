// `npx tsx scripts/readme-screenshot.ts [portal URL]`: the README's screenshot (docs/screenshot.png) taken
// from a fresh demo — start one with `npm run demo` (three rooms on air), then run this against it
// (http://127.0.0.1:3000 by default). It waits until the home page lists three rooms live and the leading
// room's video plays, in Chinese at 1440×900, as a visitor's first screen.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const file = 'docs/screenshot.png';

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      await page.goto(`${base}/main`);
      const live = await page.getByTestId('hot-streamer').filter({ hasText: '直播中' }).count();
      if (live >= 3) break;
      if (Date.now() > deadline) throw new Error(`only ${live} rooms live at ${base}/main: is it a demo?`);
      await page.waitForTimeout(3000);
    }
    await page.waitForFunction(
      () =>
        ((document.querySelector('[data-testid="home-live-stage"] video') as HTMLVideoElement | null)
          ?.currentTime ?? 0) > 2,
      undefined,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: file });
    console.log(`${file} written from ${base}/main`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
