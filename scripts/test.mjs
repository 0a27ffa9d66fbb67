// `npm test`: every tier, ending with one 'N passed, N failed' line.
//   0. Type check, lint and check the formatting of every workspace, side by side (a failure fails the run; they
//      count no tests).
//   1. Vitest: unit (packages), web (components, store) and API tests on the embedded PGlite.
//   2. API tests again on PostgreSQL when DATABASE_URL is set (CI sets it to the local server).
//   3. Playwright journeys in Debian's Chromium (installed here when missing; never downloaded).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-test-'));
const totals = { passed: 0, failed: 0 };
let runFailed = false;

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) runFailed = true;
  return result.status === 0;
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

/** Runs the checks side by side (each uses one core), then prints each one's output in turn. */
async function runTogether(checks) {
  const outcomes = await Promise.all(
    checks.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => resolve({ title, status, output: Buffer.concat(output).toString() }));
        }),
    ),
  );
  for (const { title, status, output } of outcomes) {
    console.log(`\n▶ ${title}${status === 0 ? '' : ' (failed)'}`);
    if (output) process.stdout.write(output);
    if (status !== 0) runFailed = true;
  }
}

await runTogether([
  ['Type check', 'npm', ['run', '-s', 'typecheck']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Formatting (Prettier)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
]);

const vitestReport = path.join(reportDir, 'vitest.json');
run('Unit, web and API tests (PGlite)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
countVitest(vitestReport);

if (process.env.DATABASE_URL) {
  const postgresReport = path.join(reportDir, 'vitest-postgres.json');
  run(
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

if (fs.existsSync('playwright.config.ts')) {
  if (ensureChromium()) {
    const playwrightReport = path.join(reportDir, 'playwright.json');
    run('Browser journeys (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      CHROMIUM_PATH: CHROMIUM,
    });
    countPlaywright(playwrightReport);
  } else {
    runFailed = true;
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(!runFailed && totals.failed === 0 && totals.passed > 0 ? 0 : 1);
