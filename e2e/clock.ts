// The e2e suite's time. Tests never read the wall clock: rows meant to be live or upcoming for the portal
// are placed relative to `serverNow()`, the portal's clock as /api/health reports it. With E2E_CLOCK_START
// (playwright.config.ts) the portal runs on a moved clock (CLOCK_START) that starts at the same day and
// hour on every run, and the browsers run on it too (fixtures.ts `onServerClock`); unset, that clock is
// the machine's.
import type { BrowserContext } from '@playwright/test';
import { E2E_BASE_URL, E2E_CLOCK_START } from '../playwright.config';

/** The portal's "now" (`origin`: another portal of the test, e.g. a cluster node). */
export async function serverNow(origin = E2E_BASE_URL): Promise<Date> {
  const response = await fetch(`${origin}/api/health`);
  const body = (await response.json()) as { data: { now: string } };
  return new Date(body.data.now);
}

/**
 * A second portal process started by a test (cluster nodes, the external-engine portal) shares the e2e
 * database, so it runs on the e2e portal's clock: its clock starts at the e2e portal's current time (it
 * trails it by that process's start-up, a few seconds).
 */
export async function serverClockEnv(): Promise<{ CLOCK_START?: string }> {
  if (!E2E_CLOCK_START) return {};
  return { CLOCK_START: (await serverNow()).toISOString() };
}

/** Makes a browser context's pages read the portal's clock (running on in real time from there). */
export async function onServerClock(context: BrowserContext) {
  await context.clock.setSystemTime(await serverNow());
}
