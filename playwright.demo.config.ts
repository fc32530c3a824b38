// e2e on the demo seed (issue 43): e2e/demo.spec.ts against a portal started as `npm run demo` starts it
// (SEED_ON_START=1, DEMO_STREAMS=3: the demo data, the fictional football league, three rooms on air),
// on its own ports and data (e2e/demo-env.ts), so the main suite's portal and data stay as they are.
// `npm test` runs it after the main e2e pass: `npx playwright test -c playwright.demo.config.ts`.
import './e2e/demo-env';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const webServer = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;

export default defineConfig({
  ...base,
  projects: [{ name: 'demo', testMatch: /(^|\/)demo\.spec\.ts$/ }],
  webServer: {
    ...webServer,
    // A first start seeds everything (every football file, the match reports, the experts) and renders
    // the three demo loops; later starts find them there.
    timeout: 300_000,
    env: { ...webServer.env, SEED_ON_START: '1', DEMO_STREAMS: '3' },
  },
});
