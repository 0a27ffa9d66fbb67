// `npm test`: runs every test tier and ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'levy-test-')), 'vitest.json');
const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', `--reporter=json`, `--outputFile.json=${report}`], { stdio: 'inherit' });
let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
