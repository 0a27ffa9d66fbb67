// Starting the app (or a bare route) as its own process for a benchmark, and stopping it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Starts `script` on `port` with `env` over the inherited environment (less DATABASE_URL and LOG_LEVEL),
 * logging to `workDir`; resolves once /healthz answers.
 */
export async function startProcess(
  workDir: string,
  name: string,
  script: string,
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; logFile: string }> {
  const logFile = path.join(workDir, `${name}.log`);
  const { DATABASE_URL: _url, LOG_LEVEL: _level, ...inherited } = process.env;
  // BENCH_PROFILE_DIR: each process writes a CPU profile there when it stops (Node refuses --cpu-prof in NODE_OPTIONS).
  const profile = process.env.BENCH_PROFILE_DIR
    ? `--cpu-prof --cpu-prof-dir=${JSON.stringify(process.env.BENCH_PROFILE_DIR)} `
    : '';
  const child = spawn(
    `exec ${JSON.stringify(process.execPath)} ${profile}--import tsx ${script} >> ${JSON.stringify(logFile)} 2>&1`,
    {
      shell: true,
      env: { ...inherited, PORT: String(port), ...env },
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const up = await new Promise<boolean>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (response) => {
        response.resume();
        resolve(true);
      });
      request.on('error', () => resolve(false));
    });
    if (up) return { child, logFile };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not start`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The environment the app is started with in production, with benchmark secrets: a staging deploy, on the local fakes. */
export function productionEnv(webDistDir: string): Record<string, string> {
  // A staging-like deploy on the sandbox counterparts: its processes share one Remita fake, as they would share Remita.
  return {
    NODE_ENV: 'production',
    LEVY_SANDBOX: '1',
    REMITA_SANDBOX_PORT: '3291',
    HOST: '127.0.0.1',
    RECEIPT_SIGNING_SECRET: 'bench-receipt-signing-secret-not-for-production',
    WEB_DIST_DIR: webDistDir,
  };
}
