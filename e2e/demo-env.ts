// The demo run's ports and data (playwright.demo.config.ts), set before playwright.config.ts reads them:
// its own portal beside the main e2e one, on E2E_DEMO_PORT / E2E_DEMO_PG_PORT, else the main run's ports
// plus 100, with its data under .data/e2e-demo. Applied once: workers inherit the result and keep it.
if (!process.env.E2E_DEMO_APPLIED) {
  const port = Number(process.env.E2E_PORT ?? 3210);
  const databasePort = Number(process.env.E2E_PG_PORT ?? 54329);
  process.env.E2E_PORT = process.env.E2E_DEMO_PORT ?? String(port + 100);
  process.env.E2E_PG_PORT = process.env.E2E_DEMO_PG_PORT ?? String(databasePort + 100);
  process.env.E2E_DATA_DIR = '.data/e2e-demo';
  // The demo portal's own database, never a DATABASE_URL meant for the main run.
  delete process.env.E2E_DATABASE_URL;
  delete process.env.DATABASE_URL;
  process.env.E2E_DEMO_APPLIED = '1';
}
