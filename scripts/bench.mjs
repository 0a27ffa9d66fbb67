// Runs every bench/*.bench.ts in its own Node process (TypeScript through tsx), one after the
// other, so one benchmark's garbage and JIT state cannot skew the next. --expose-gc lets a
// benchmark collect garbage between timed runs so each run pays only for its own.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'bench');
const only = process.argv.slice(2);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

if (files.length === 0) {
  console.error('No benchmarks found in bench/');
  process.exit(1);
}

let failed = false;
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(benchDir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`✖ ${file} exited with ${result.status ?? result.signal}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
