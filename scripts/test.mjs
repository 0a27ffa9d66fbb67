// `npm test`: every tier, ending with one 'N passed, N failed' line.
//   0. Type check, lint and check the formatting of every workspace, side by side (a failure fails the run; they
//      count no tests).
//   1. Vitest: unit (packages), web (components, store) and API tests on the embedded PGlite.
//   2. API tests again on PostgreSQL when DATABASE_URL is set (CI sets it to the local server).
//   3. Playwright journeys in Debian's Chromium (installed here when missing; never downloaded).
// The journeys run beside tiers 1 and 2, their output shown after them: a journey mostly waits on
// its browser and server (under half a core), so alone they left a core idle for twelve minutes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-test-'));
const totals = { passed: 0, failed: 0 };
let runFailed = false;

/** Runs a command with its output shown as it goes; asynchronous, so the journeys' output keeps flowing meanwhile. */
function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (status) => {
      if (status !== 0) runFailed = true;
      resolve(status === 0);
    });
  });
}

function countVitest(report) {
  if (!fs.existsSync(report)) return void (runFailed = true);
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
}

function countPlaywright(report) {
  if (!fs.existsSync(report)) return void (runFailed = true);
  const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
}

/** Debian's Chromium, installed with apt when missing and we may; otherwise a clear stop. */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (fs.existsSync(CHROMIUM)) return true;
  console.error(
    `\n✖ The browser journeys need Chromium at ${CHROMIUM}, and it could not be installed here.\n` +
      '  Install it with `sudo apt-get install chromium` (or set CHROMIUM_PATH), then run `npm test` again.',
  );
  return false;
}

/** Starts a command with its output kept, to be shown when it ends: `{ title, status, output }`. */
function runQuietly([title, command, args, env = {}]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ title, status, output: Buffer.concat(output).toString() }));
  });
}

function show({ title, status, output }) {
  console.log(`\n▶ ${title}${status === 0 ? '' : ' (failed)'}`);
  if (output) process.stdout.write(output);
  if (status !== 0) runFailed = true;
}

/** Runs the checks side by side (each uses one core), then prints each one's output in turn. */
async function runTogether(checks) {
  for (const outcome of await Promise.all(checks.map(runQuietly))) show(outcome);
}

/** The journeys, started now and shown when awaited; null when Chromium is missing and cannot be installed. */
function startJourneys() {
  if (!fs.existsSync('playwright.config.ts')) return Promise.resolve(null);
  if (!ensureChromium()) {
    runFailed = true;
    return Promise.resolve(null);
  }
  const report = path.join(reportDir, 'playwright.json');
  return runQuietly([
    'Browser journeys (Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROMIUM_PATH: CHROMIUM },
  ]).then((outcome) => ({ ...outcome, report }));
}

await runTogether([
  ['Type check', 'npm', ['run', '-s', 'typecheck']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Formatting (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
]);

const journeys = startJourneys();

const vitestReport = path.join(reportDir, 'vitest.json');
await run('Unit, web and API tests (PGlite)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

if (process.env.DATABASE_URL) {
  const postgresReport = path.join(reportDir, 'vitest-postgres.json');
  await run(
    'API tests (PostgreSQL at DATABASE_URL)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${postgresReport}`,
    ],
    {
      TEST_DATABASE: 'postgres',
    },
  );
  countVitest(postgresReport);
}

const journeysRun = await journeys;
if (journeysRun) {
  show(journeysRun);
  countPlaywright(journeysRun.report);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(!runFailed && totals.failed === 0 && totals.passed > 0 ? 0 : 1);
