import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, usePostgres, type Envelope } from '../test/harness';
import { freePort } from '../test/processes';

const ROOT = path.resolve(import.meta.dirname, '../../..');

let child: ChildProcess | null = null;
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const cleanup of cleanups) await cleanup();
});

describe('npm start', () => {
  it(
    'on an empty database migrates, seeds, prints the demo login, and that login works',
    { timeout: 240_000 },
    async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-start-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      delete env.SEED_DEMO;
      if (usePostgres) {
        // On a server the demo account is created only on request.
        const scratch = await createScratchPostgresDatabase();
        cleanups.push(() => scratch.drop());
        Object.assign(env, { DATABASE_URL: scratch.url, SEED_DEMO: '1' });
      }

      child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const login = await new Promise<{ email: string; password: string }>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Log in with (\S+) \/ (\S+)/.exec(output);
          if (match && output.includes('Levy is running')) resolve({ email: match[1], password: match[2] });
        };
        child!.stdout!.on('data', onData);
        child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child!.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      expect(login).toEqual({ email: 'demo@levy.ng', password: 'levy-demo-2026' });

      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const response = await fetch(`${base}/service/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'POST', namespace: 'public', path: 'authx/authorize', body: login }),
      });
      const session = (await response.json()) as Envelope;
      expect(session.code).toBe('OK');
      expect(session.data.organisation).toMatchObject({ is_owner: true, is_kyc_completed: true });
      expect(session.data.permissions.auth['organisation.inviteuser']).toBe(true);

      const openApi = (await (await fetch(`${base}/service/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(openApi.paths['/service/v1/public/authx/authorize'].post).toBeDefined();
    },
  );

  it(
    'with NODE_ENV=production and no payment provider, stops at once naming PAYMENT_PROVIDER',
    { timeout: 60_000 },
    async () => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        RECEIPT_SIGNING_SECRET: 'a-production-receipt-signing-secret-value',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      };
      for (const name of ['PAYMENT_PROVIDER', 'PAYSTACK_SECRET_KEY', 'LEVY_SANDBOX', 'DATABASE_URL']) delete env[name];
      const stopped = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      stopped.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      stopped.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => stopped.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(
        'PAYMENT_PROVIDER: is sandbox (a local fake: no real money moves); set the real provider, or LEVY_SANDBOX=1 for a staging or demo deploy',
      );
      expect(output).not.toContain('Levy is running');
    },
  );
});
