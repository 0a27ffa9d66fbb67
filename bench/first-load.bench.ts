// First load as a new visitor meets it: the web app is built, served by the real server, and
// opened in Chromium with an empty cache; every JavaScript and CSS response is counted as
// transferred (the compressed body the browser received) and as gzipped (gzip -9 of the file).
// Budgets: the home page ≤ 200 KB gzipped before a calculation is made; the app shell
// after sign-in (the dashboard opened with a session) ≤ 250 KB. The login page, public too, is held to the home's.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { printTable } from './bench-table';

const PORT = Number(process.env.BENCH_PORT ?? 3311);
const BASE = `http://localhost:${PORT}`;
const PUBLIC_BUDGET_KB = 200;
const APP_SHELL_BUDGET_KB = 250;
const DEMO = { email: 'demo@levy.ng', password: 'levy-demo-2026' };

const workDir = path.resolve('.test-data', `bench-first-load-${Date.now()}`);
const webDist = path.join(workDir, 'web');

interface Loaded {
  files: number;
  transferred: number;
  gzipped: number;
  raw: number;
  encodings: Set<string>;
}

function buildWebApp() {
  const build = spawnSync(
    'npm',
    ['run', 'build', '--workspace', '@levy/web', '--', '--outDir', webDist, '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('the web build failed');
}

async function startServer() {
  // The embedded database with the demo account: only the web app's delivery is measured here.
  const { DATABASE_URL: _postgres, ...environment } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...environment,
      PORT: String(PORT),
      DATA_DIR: path.join(workDir, 'data'),
      WEB_DIST_DIR: webDist,
      NODE_ENV: 'development',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 360; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${BASE}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

/** Opens a fresh context (empty cache), runs `visit`, and sums the JS and CSS the browser received. */
async function measure(browser: Browser, visit: (page: Page) => Promise<void>): Promise<Loaded> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  const loaded: Loaded = { files: 0, transferred: 0, gzipped: 0, raw: 0, encodings: new Set() };
  page.on('requestfinished', (request) => {
    if (!['script', 'stylesheet'].includes(request.resourceType())) return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const file = readFileSync(path.join(webDist, new URL(request.url()).pathname));
        loaded.files += 1;
        loaded.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
        loaded.raw += file.length;
        loaded.gzipped += gzipSync(file, { level: 9 }).length;
        loaded.encodings.add(response?.headers()['content-encoding'] ?? 'none');
      })(),
    );
  });
  await visit(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return loaded;
}

async function signIn(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
  const stored = await page.evaluate(() => window.sessionStorage.getItem('tx-store'));
  await context.close();
  if (!stored) throw new Error('signing in left no session');
  return stored;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function row(name: string, loaded: Loaded, budgetKb: number | null): string[] {
  const verdict =
    budgetKb === null ? '' : loaded.gzipped <= budgetKb * 1024 ? `PASS (≤ ${budgetKb} KB)` : `OVER (> ${budgetKb} KB)`;
  return [
    name,
    String(loaded.files),
    kb(loaded.raw),
    kb(loaded.transferred),
    [...loaded.encodings].join(', '),
    kb(loaded.gzipped),
    verdict,
  ];
}

buildWebApp();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const home = await measure(browser, async (page) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Calculate PAYE' }).waitFor();
  });
  const calculated = await measure(browser, async (page) => {
    await page.goto('/');
    await page.getByLabel('Gross pay a month').fill('500000');
    await page.getByRole('button', { name: 'Calculate PAYE' }).click();
    await page.getByTestId('band-table').waitFor();
  });
  const login = await measure(browser, async (page) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });
  // The session lives in the tab's sessionStorage (tx-store): sign in once, then open the app in a
  // new context with that session and an empty cache, as a signed-in person's next visit loads it.
  const session = await signIn(browser);
  const appShell = await measure(browser, async (page) => {
    await page.addInitScript((stored) => window.sessionStorage.setItem('tx-store', stored), session);
    await page.goto('/dashboard');
    await page.getByText('Total balance').first().waitFor();
  });
  console.log('JavaScript and CSS a new visitor loads (empty cache, Chromium)\n');
  printTable(
    ['visit', 'files', 'raw', 'transferred', 'encoding', 'gzipped', 'budget (gzipped)'],
    [
      row('home page /, before a calculation', home, PUBLIC_BUDGET_KB),
      row('home page /, after one PAYE calculation', calculated, null),
      row('login page /login', login, PUBLIC_BUDGET_KB),
      row('app shell: /dashboard, signed in', appShell, APP_SHELL_BUDGET_KB),
    ],
  );
} finally {
  await browser.close();
  server.kill();
  rmSync(workDir, { recursive: true, force: true });
}
