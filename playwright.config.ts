// e2e in Debian's Chromium against a production build started like `npm start`, on its own
// embedded database with a fixed port so the setup project can seed it and sign roles in.
import { defineConfig } from '@playwright/test';
import { readEmbeddedPassword } from './lib/db/embedded';

const port = Number(process.env.E2E_PORT ?? 3210);
const databasePort = Number(process.env.E2E_PG_PORT ?? 54329);
// The media ports follow the portal's port so parallel checkouts never collide.
export const E2E_RTMP_PORT = Number(process.env.E2E_RTMP_PORT ?? 20_000 + (port % 10_000));
const mediaHttpPort = Number(process.env.E2E_MEDIA_HTTP_PORT ?? 30_000 + (port % 10_000));
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
export const E2E_MOBILE_SITE = 'http://m.portal.test';
/**
 * API calls that tests make with a page's cookies (`page.request`) come from no page at all; they declare
 * the portal as their origin so the cross-site guard treats them as the portal's own. Browsers' page
 * requests carry Sec-Fetch-Site, which the guard reads first, so this changes nothing for them.
 */
export const E2E_SAME_ORIGIN = { origin: E2E_BASE_URL };

/** The e2e server's data (its embedded database, uploads, media); the demo run's is its own (playwright.demo.config.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';

/**
 * The browsers' zone: the portal's own (TIME_ZONE's default). A context without the `tz` cookie is
 * loaded twice on its first page (components/layout/zone-script.tsx tells the server the zone before the
 * first paint); e2e/clock-zone.spec.ts and e2e/time-zones.spec.ts prove other zones.
 */
export const E2E_TIME_ZONE = 'Asia/Shanghai';

/**
 * E2E_CLOCK_START (an ISO instant, e.g. 2026-10-24T23:59:30Z: 30 s before midnight UTC on the night Europe
 * leaves summer time) starts the e2e portal's clock there (CLOCK_START) and puts the browsers on it, so a
 * run crosses that boundary. Unset, the portal runs on the machine's time. Either way tests read the
 * portal's time through e2e/clock.ts, never the wall clock.
 */
export const E2E_CLOCK_START = process.env.E2E_CLOCK_START;

/**
 * The e2e server's database, for tests that read or prepare rows: DATABASE_URL's, or the embedded one
 * with the password it generated at first start (read when asked: the server makes it).
 */
export function e2eDatabaseUrl() {
  const configured = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
  if (configured) return configured;
  const password = encodeURIComponent(readEmbeddedPassword(`${E2E_DATA_DIR}/pg`));
  return `postgres://postgres:${password}@127.0.0.1:${databasePort}/portal`;
}

/**
 * e2e/fault-storm.spec.ts stops and restarts a Debian PostgreSQL server of its own, so it runs only where
 * one is installed and asked for: CI's PostgreSQL pass (scripts/e2e-postgres.sh sets E2E_FAULT_STORM=on).
 * Elsewhere (`npm test`) it is left out, and the main process says so once.
 */
const FAULT_STORM = /fault-storm\.spec\.ts/;
/** e2e/demo.spec.ts runs on a portal of its own started as `npm run demo` starts it: playwright.demo.config.ts. */
const DEMO = /(^|\/)demo\.spec\.ts$/;
const faultStorm = process.env.E2E_FAULT_STORM === 'on';
if (!faultStorm && process.env.TEST_WORKER_INDEX === undefined)
  console.log(
    "e2e/fault-storm.spec.ts left out: it needs Debian's PostgreSQL server (scripts/e2e-postgres.sh runs it, E2E_FAULT_STORM=on)",
  );

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A test's whole run: 60 s. Multi-step tests measured 31-34 s with every step succeeding while CI's
  // 2 cores also ran the other worker's browser, the portal and its database (load 15-26).
  timeout: 60_000,
  // Assertions wait up to 10 s (Playwright's default is 5): CI's 2 cores run two browsers, the portal, its
  // database and ffmpeg at once, and a page's client work after load (dialogs, sockets) takes longer there.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: E2E_SAME_ORIGIN,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: E2E_TIME_ZONE,
    launchOptions: {
      // Debian's chromium-headless-shell (Playwright's own choice for headless runs): the whole suite's
      // pages, sockets and MSE video work in it, at about a fifth less CPU than the full browser headless.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Tracing every test (retain-on-failure) cost a fifth of the suite's time; a retry records one.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/, teardown: 'sitewide' },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: [/global\.setup\.ts/, FAULT_STORM, DEMO],
      grepInvert: /@sitewide/,
    },
    // The fault storm (see FAULT_STORM) needs no signed-in roles: it starts with the setup, on its own worker.
    ...(faultStorm ? [{ name: 'faults', testMatch: FAULT_STORM }] : []),
    // Tests that change what every visitor sees (a pop-up over every page) run after all the others (as
    // the setup's teardown), so their modal never covers a page another worker is testing.
    { name: 'sitewide', testIgnore: [/global\.setup\.ts/, FAULT_STORM, DEMO], grep: /@sitewide/ },
  ],
  webServer: {
    command: 'npx tsx server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // SIGTERM lets server.ts close its sockets and pool and stop the embedded Postgres (its own process
    // group, which a SIGKILL of the portal's group would leave running).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(databasePort),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      MOBILE_SITE_URL: E2E_MOBILE_SITE,
      LOG_LEVEL: 'warn',
      MEDIA_RTMP_PORT: String(E2E_RTMP_PORT),
      MEDIA_HTTP_PORT: String(mediaHttpPort),
      MEDIA_PUBLISH_GRACE_MS: '2000',
      // The sign-in captcha's real widget and check at a twentieth of the default work: on CI's busy
      // cores Chromium spent 10-23 s per proof at the default, several per account journey. What the
      // cost does (and its doubling after failed sign-ins) is proven in lib/accounts' own tests.
      CAPTCHA_COST: '1000',
      ...(E2E_CLOCK_START ? { CLOCK_START: E2E_CLOCK_START } : {}),
    },
  },
});
