import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createScratchPostgresDatabase, usePostgres } from '../../test/harness';
import { createJobs, SCHEDULE_TIME_ZONE, type Jobs } from './jobs';

// The jobs module on the real database: PGlite, or a scratch PostgreSQL database (TEST_DATABASE=postgres).
const silent = pino({ level: 'silent' });
let database: Database;
let scratch: { url: string; drop(): Promise<void> } | null = null;
const running: Jobs[] = [];

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function jobsOn(db: Database) {
  const jobs = createJobs({ database: db, log: silent, cronCheckSeconds: 2 });
  running.push(jobs);
  return jobs;
}

beforeEach(async () => {
  scratch = usePostgres ? await createScratchPostgresDatabase() : null;
  database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
});

afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop(1000);
  await database.close();
  await scratch?.drop();
});

describe('jobs', () => {
  it('runs a job enqueued in a committed transaction and never one from a rolled-back transaction', async () => {
    const seen: string[] = [];
    const jobs = jobsOn(database);
    jobs.define<{ label: string }>({
      name: 'record',
      options: { pollingIntervalSeconds: 0.5 },
      handle: async ({ label }) => void seen.push(label),
    });
    await jobs.start();
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue(tx, 'record', { label: 'rolled back' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await jobs.enqueue(tx, 'record', { label: 'committed' });
    });
    await until(() => seen.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual(['committed']);
  });

  it('picks up a job that was running when the process stopped, and completes it once', async () => {
    let firstStarted = false;
    const completions: number[] = [];
    const first = jobsOn(database);
    first.define({
      name: 'settle',
      options: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
      handle: async () => {
        firstStarted = true;
        await new Promise(() => undefined); // the process dies before this job finishes
        completions.push(1);
      },
    });
    await first.start();
    const id = (await first.enqueue(database.db, 'settle', {}))!;
    await until(() => firstStarted);
    await first.stop(1000); // the first process goes down mid-job
    expect(completions).toEqual([]);

    const second = jobsOn(database);
    second.define({
      name: 'settle',
      options: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
      handle: async () => void completions.push(2),
    });
    await second.start();
    await until(async () => (await second.findJob('settle', id))?.state === 'completed');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(completions).toEqual([2]);
  });

  it('drains a backlog several jobs at a time, without waiting a polling interval between jobs', async () => {
    const runs = new Map<number, number>();
    let inFlight = 0;
    let mostAtOnce = 0;
    const jobs = jobsOn(database);
    // A long polling interval: a queue that waited for it between jobs would take 60 × 3 s.
    jobs.define<{ index: number }>({
      name: 'backlog',
      options: { pollingIntervalSeconds: 3, concurrency: 5 },
      handle: async ({ index }) => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        runs.set(index, (runs.get(index) ?? 0) + 1);
        inFlight -= 1;
      },
    });
    await jobs.start();
    await database.db.transaction(async (tx) => {
      for (let index = 0; index < 60; index++) await jobs.enqueue(tx, 'backlog', { index });
    });
    // The first poll finds the backlog within one interval; the rest must not wait for more.
    await until(() => runs.size === 60, 3 * 3000);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(5);
  });

  it('retries a failing job with growing delays, then leaves it failed', async () => {
    const attempts: number[] = [];
    const jobs = jobsOn(database);
    jobs.define({
      name: 'flaky',
      options: { pollingIntervalSeconds: 0.5, retryLimit: 2, retryDelaySeconds: 1 },
      handle: async () => {
        attempts.push(Date.now());
        throw new Error('agency down');
      },
    });
    await jobs.start();
    const id = (await jobs.enqueue(database.db, 'flaky', {}))!;
    await until(async () => (await jobs.findJob('flaky', id))?.state === 'failed', 20_000);
    const job = await jobs.findJob('flaky', id);
    expect(attempts).toHaveLength(3);
    expect(job?.retryCount).toBe(2);
    // Exponential backoff: the second wait is longer than the first.
    expect(attempts[2] - attempts[1]).toBeGreaterThan(attempts[1] - attempts[0]);
  });

  it('runs a daily schedule once even with two processes on one database', async () => {
    const second = usePostgres ? await openDatabase({ databaseUrl: scratch!.url, dataDir: 'memory://' }) : database;
    const runs: string[] = [];
    // This minute, Lagos time, so the schedule is due now rather than tomorrow (not its last seconds).
    if (new Date().getSeconds() > 45)
      await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getSeconds()) * 1000));
    const now = new Intl.DateTimeFormat('en-GB', {
      timeZone: SCHEDULE_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(new Date());
    try {
      for (const [index, db] of [database, second].entries()) {
        const jobs = jobsOn(db);
        jobs.define({
          name: 'digest',
          options: { pollingIntervalSeconds: 0.5 },
          handle: async () => void runs.push(`process ${index}`),
        });
        jobs.scheduleDaily('digest', now);
        await jobs.start();
      }
      await until(() => runs.length > 0, 40_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(runs).toHaveLength(1);
      const scheduled = await database.executeSql(`select timezone, cron from pgboss.schedule where name = 'digest'`);
      expect(scheduled.rows).toEqual([
        { timezone: SCHEDULE_TIME_ZONE, cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) },
      ]);
    } finally {
      for (const jobs of running.splice(0)) await jobs.stop(1000);
      if (second !== database) await second.close();
    }
  }, 60_000);
});
