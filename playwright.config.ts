import { defineConfig } from '@playwright/test';
import { OVERDUE_OWNER, STAFF } from './e2e/support/api';

// Journeys run against the real server on a fresh embedded database, serving the built web app.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `.test-data/e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
// Each run builds the web app into its own folder, so a build elsewhere cannot swap files under it.
const webDistDir = `${process.cwd()}/${dataDir}/web`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    // No trace: recording one for every test made the journeys a third slower. A failure still
    // leaves its error context (the page's accessibility tree) and a screenshot.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Before the server: the one organisation with unpaid past months (see the script). Both use the
    // fresh embedded database, even when DATABASE_URL names a PostgreSQL server for the API tests.
    command:
      `unset DATABASE_URL; npm run build --workspace @levy/web -- --outDir ${webDistDir} && node --import tsx ` +
      `apps/server/test/e2e-overdue-organisation.ts && STAFF_PASSWORD=${STAFF.password} node --import tsx apps/server/src/cli/create-staff-user.ts ` +
      `${STAFF.email} ${STAFF.firstName} ${STAFF.lastName} && node --import tsx apps/server/src/server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      OVERDUE_OWNER_EMAIL: OVERDUE_OWNER.email,
      OVERDUE_OWNER_PASSWORD: OVERDUE_OWNER.password,
    },
  },
});
