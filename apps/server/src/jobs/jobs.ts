import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { connectionOf, type Database, type Db } from '../db/client';

/**
 * Durable background jobs on pg-boss, in the application's own PostgreSQL (or PGlite): a job
 * enqueued in a transaction exists only if that transaction commits; a job that fails is retried
 * with exponential backoff and, out of retries, lands in the `failed` state with an error log
 * line (the dead letter); a job running when the process stops is failed back to the queue and
 * picked up again after restart. Decision 0006.
 */

/** How often a queue's extra workers look for work on their own; the first worker wakes them when it finds some. */
const HELPER_POLLING_SECONDS = 30;

/** The time zone every schedule is read in: deadlines and working days are Nigerian. */
export const SCHEDULE_TIME_ZONE = 'Africa/Lagos';

export interface JobOptions {
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled for each further one (default 5). */
  retryDelaySeconds?: number;
  /** A job still active after this long is taken as lost and retried (default 300). */
  expireInSeconds?: number;
  /** How often an idle queue looks for work (default 1, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How many of the queue's jobs one process runs at once (default 1). */
  concurrency?: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  options?: JobOptions;
  /**
   * Runs once per delivery; throwing fails the attempt (retried while attempts remain). `signal`
   * is aborted when the process stops: long work stops there and throws, to be picked up again.
   */
  handle(
    data: T,
    context: { jobId: string; attempt: number; isLastAttempt: boolean; signal: AbortSignal },
  ): Promise<void>;
}

export interface EnqueueOptions {
  /** At most one queued or running job with this key per queue. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface Jobs {
  /** Registers a queue and its worker; call before start(). */
  define<T extends object>(definition: JobDefinition<T>): void;
  /** Enqueues in the caller's transaction (or on the database when given `db` itself). */
  enqueue<T extends object>(executor: Db, name: string, data: T, options?: EnqueueOptions): Promise<string | null>;
  /** Runs the job's queue every day at `time` (HH:MM, Lagos time); pg-boss sends it once however many processes run. */
  scheduleDaily(name: string, time: string, data?: object): void;
  /**
   * Tells this process's worker of the queue to look for work now rather than at its next poll:
   * for a job a person is waiting on, once the transaction that enqueued it has committed.
   */
  wake(name: string): void;
  start(): Promise<void>;
  /** Stops taking work, waits up to `timeoutMs` for running jobs, then fails the rest back to their queue. */
  stop(timeoutMs?: number): Promise<void>;
  /** A job's state as pg-boss records it (tests and diagnostics). */
  findJob(name: string, id: string): Promise<{ state: string; retryCount: number; output: unknown } | null>;
}

/**
 * pg-boss speaks SQL text with `$n` parameters, some used more than once (so each must stay one
 * parameter). It runs on the connection of the caller's Drizzle transaction (or on the pool, given
 * the database itself).
 */
function transactionExecutor(executor: Db) {
  const { client } = connectionOf(executor);
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
}

export function createJobs(deps: { database: Database; log: FastifyBaseLogger; cronCheckSeconds?: number }): Jobs {
  const boss = new PgBoss({
    db: { executeSql: deps.database.executeSql },
    schema: 'pgboss',
    // Schedules are checked every 30 s by whichever process claims the check; daily jobs need no more.
    cronMonitorIntervalSeconds: deps.cronCheckSeconds ?? 30,
    cronWorkerIntervalSeconds: 5,
    maintenanceIntervalSeconds: 120,
  });
  const definitions = new Map<string, JobDefinition<object>>();
  /** Each queue's workers, so `wake` can tell them all to look now. */
  const workerIds = new Map<string, string[]>();
  const schedules: Array<{ name: string; cron: string; data: object }> = [];
  let started = false;
  // Handlers running now: stop() waits for them, so nothing touches the database after it closes.
  let running = 0;
  // Aborted when stop() begins, so long handlers give their job back instead of holding up the stop.
  let stopping = new AbortController();

  boss.on('error', (error) => deps.log.error({ err: error }, 'Job queue error'));

  /**
   * Starts the queue's workers: `concurrency` pg-boss workers, each fetching and completing one job
   * at a time, so every job has its own outcome (a batch is completed or failed as a whole). The
   * first polls at the queue's interval; the others only wake when a job is found. A worker that
   * finds a job wakes them all, itself included, so a backlog is fetched again at once instead of
   * one job per polling interval (300 pending settlements took five minutes).
   */
  async function startWorkers(definition: JobDefinition<object>) {
    const options = definition.options ?? {};
    const retryLimit = options.retryLimit ?? 3;
    await boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 300,
    });
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    const ids: string[] = [];
    workerIds.set(definition.name, ids);
    const wakeAll = () => {
      for (const id of ids) boss.notifyWorker(id);
    };
    for (let index = 0; index < (options.concurrency ?? 1); index++) {
      const polling = index === 0 ? pollingIntervalSeconds : Math.max(pollingIntervalSeconds, HELPER_POLLING_SECONDS);
      ids.push(
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: polling, batchSize: 1, includeMetadata: true },
          (jobs) => runOne(definition, jobs[0], wakeAll),
        ),
      );
    }
  }

  /** Runs one job; pg-boss completes it when this resolves and fails it (to be retried) when it throws. */
  async function runOne(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>, wakeAll: () => void) {
    wakeAll();
    running += 1;
    const attempt = job.retryCount + 1;
    const isLastAttempt = job.retryCount >= job.retryLimit;
    try {
      await definition.handle(job.data, { jobId: job.id, attempt, isLastAttempt, signal: stopping.signal });
    } catch (error) {
      if (isLastAttempt)
        deps.log.error(
          { err: error, job: definition.name, jobId: job.id, attempts: attempt },
          'Job failed for good (dead letter): no retries left',
        );
      else
        deps.log.warn({ err: error, job: definition.name, jobId: job.id, attempt }, 'Job failed; it will be retried');
      throw error;
    } finally {
      running -= 1;
    }
  }

  return {
    define(definition) {
      if (started) throw new Error(`Job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition);
    },
    async enqueue(executor, name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`Unknown job ${name}`);
      return boss.send(name, data, {
        db: transactionExecutor(executor),
        singletonKey: options.singletonKey,
        startAfter: options.startAfterSeconds,
      });
    },
    scheduleDaily(name, time, data = {}) {
      const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
      if (!match) throw new Error(`A daily time is HH:MM, not ${time}`);
      schedules.push({ name, cron: `${Number(match[2])} ${Number(match[1])} * * *`, data });
    },
    wake(name) {
      if (!started) return;
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async start() {
      started = true;
      stopping = new AbortController();
      await boss.start();
      for (const definition of definitions.values()) await startWorkers(definition);
      for (const schedule of schedules)
        await boss.schedule(schedule.name, schedule.cron, schedule.data, { tz: SCHEDULE_TIME_ZONE });
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      stopping.abort();
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
      // A worker whose fetch was under way when stop began can still start one job: let it finish,
      // and give pg-boss a moment to record the outcome, before the database is closed.
      const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
      do await pause();
      while (running > 0 && Date.now() < deadline);
      await pause();
    },
    async findJob(name, id) {
      const job = await boss.getJobById(name, id);
      return job ? { state: job.state, retryCount: job.retryCount, output: job.output } : null;
    },
  };
}
