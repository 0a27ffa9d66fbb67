// The app (or another script) started as its own process, as `npm start` starts it, for the tests,
// journeys and benchmarks that need a real server rather than one built in the test's process.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** How long a process may take to answer /healthz: a fresh embedded database is migrated and seeded first. */
const START_TIMEOUT_MS = 120_000;

/** A port nothing listens on, from the operating system. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `script` on `port` with `env` over the inherited environment (less DATABASE_URL and
 * LOG_LEVEL: the caller says which database and how much to log), logging to `workDir`; resolves
 * once it answers on /healthz (any answer: the app listens only once it is ready, and a bare
 * benchmark route has no health check), and throws with the log's end if the process stops first.
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
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-3000)}`);
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
  await stop(child);
  throw new Error(
    `${name} did not answer within ${START_TIMEOUT_MS / 1000} s: ${readFileSync(logFile, 'utf8').slice(-3000)}`,
  );
}

/** Stops a started process and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
