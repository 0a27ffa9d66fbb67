import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../..');
const ROOT = path.resolve(SERVER, '../..');

// Migrations are generated from the schema, never written by hand (architecture.md convention 9):
// generating again into a copy of the migrations folder must find nothing to add.
it('has a migration for every schema change', { timeout: 60_000 }, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-drift-'));
  try {
    const out = path.join(scratch, 'drizzle');
    fs.cpSync(path.join(SERVER, 'drizzle'), out, { recursive: true });
    const config = path.join(scratch, 'drizzle.config.mjs');
    fs.writeFileSync(
      config,
      // drizzle-kit reads `out` relative to the working directory, so it runs in the scratch folder.
      `export default ${JSON.stringify({
        dialect: 'postgresql',
        schema: path.join(SERVER, 'src/db/schema/index.ts'),
        out: './drizzle',
        casing: 'snake_case',
      })};\n`,
    );
    const before = fs.readdirSync(out).sort();
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', `--config=${config}`], {
      cwd: scratch,
      encoding: 'utf8',
    });
    // drizzle-kit can print an error and still exit 0.
    expect(`${result.status} ${result.stderr}`).toBe('0 ');
    expect(result.stdout).toContain('No schema changes');
    expect(
      fs.readdirSync(out).sort(),
      `schema changed without a migration: run npm run db:generate\n${result.stdout}`,
    ).toEqual(before);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
