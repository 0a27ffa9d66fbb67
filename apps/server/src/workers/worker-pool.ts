import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-heavy work on files (parsing statements, bill and
 * payroll files), so one person's large file never holds up everyone else's requests: the event
 * loop only posts the bytes and takes the result back in parts, one at a time. Threads start on first use, are
 * kept (starting one costs about half a second), and keep the process alive only while they have
 * work. A thread that dies fails its task, and the next task starts a new one.
 */

/** Items per message when a long array of a result comes back in parts. */
export const RESULT_PART_ITEMS = 2_000;
/**
 * A thread's young generation, larger than V8's default: reading a file allocates every row at
 * once and keeps it to the end, so fewer, larger scavenges copy it less often (a 100,000-row PAYE
 * bill about 5% faster, its peak memory about 30 MB higher).
 */
const YOUNG_GENERATION_MB = 96;
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism() - 1));

export interface WorkerRequest {
  id: number;
  /** A module's file URL, and the exported function to run: `(input, report) => result`. */
  module: string;
  name: string;
  input: unknown;
}

/**
 * The calling thread has taken a part of task `id`'s result: the worker posts the next only then, so
 * the parts reach the event loop one at a time with other work between them, never all at once.
 */
export interface WorkerPartTaken {
  id: number;
  partTaken: true;
}

/** Load these modules (file URLs) and answer done: a thread made ready before work comes (startWorkers). */
export interface WorkerPreload {
  id: number;
  preload: string[];
}

export type WorkerResponse = { id: number } & (
  | { type: 'progress'; progress: unknown }
  /** Part of a long array of the result: of the result itself (key null) or of one of its properties. */
  | { type: 'part'; key: string | null; items: unknown[] }
  | { type: 'done'; result: unknown }
  | { type: 'error'; message: string }
);

interface Task {
  request: WorkerRequest | WorkerPreload;
  onProgress?: (progress: unknown) => void;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  parts: Map<string | null, unknown[]>;
}

interface Thread {
  worker: Worker;
  task: Task | null;
}

const WORKER_FILE = new URL('./task-worker.mjs', import.meta.url);
const threads: Thread[] = [];
const queue: Task[] = [];
let nextId = 1;
/** Every module a task is run from (inWorker), so the threads can load them before any file comes. */
const taskModules = new Set<string>();

function startThread(): Thread {
  const thread: Thread = {
    worker: new Worker(WORKER_FILE, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }),
    task: null,
  };
  thread.worker.on('message', (message: WorkerResponse) => receive(thread, message));
  const stop = (error: Error) => {
    const index = threads.indexOf(thread);
    if (index === -1) return;
    threads.splice(index, 1);
    const task = thread.task;
    thread.task = null;
    task?.reject(error);
    dispatch();
  };
  thread.worker.on('error', stop);
  thread.worker.on('exit', (code) => stop(new Error(`A file worker stopped (exit code ${code})`)));
  threads.push(thread);
  return thread;
}

function receive(thread: Thread, message: WorkerResponse): void {
  const task = thread.task;
  if (!task || task.request.id !== message.id) return;
  if (message.type === 'part') {
    const items = task.parts.get(message.key) ?? [];
    for (const item of message.items) items.push(item);
    task.parts.set(message.key, items);
    // After the I/O that waited meanwhile: other requests are served between two parts.
    setImmediate(() => thread.worker.postMessage({ id: message.id, partTaken: true } satisfies WorkerPartTaken));
    return;
  }
  if (message.type === 'progress') {
    // A progress callback that throws (a job shutting down) stops the task: its thread is ended
    // and replaced, as nothing else can interrupt synchronous work in it.
    try {
      task.onProgress?.(message.progress);
    } catch (error) {
      threads.splice(threads.indexOf(thread), 1);
      void thread.worker.terminate();
      task.reject(error instanceof Error ? error : new Error(String(error)));
      dispatch();
    }
    return;
  }
  finish(thread);
  if (message.type === 'error') task.reject(new Error(message.message));
  else task.resolve(withParts(message.result, task.parts));
}

function withParts(result: unknown, parts: Map<string | null, unknown[]>): unknown {
  if (parts.size === 0) return result;
  if (parts.has(null)) return parts.get(null);
  return { ...(result as object), ...Object.fromEntries(parts) };
}

/** The thread is free: it takes the next queued task, or stops holding the process open. */
function finish(thread: Thread): void {
  thread.task = null;
  dispatch();
}

function dispatch(): void {
  for (;;) {
    const task = queue[0];
    if (!task) break;
    const thread =
      threads.find((candidate) => candidate.task === null) ?? (threads.length < POOL_SIZE ? startThread() : null);
    if (!thread) break;
    queue.shift();
    thread.task = task;
    thread.worker.ref();
    thread.worker.postMessage(task.request);
  }
  for (const thread of threads) if (thread.task === null) thread.worker.unref();
}

/**
 * Starts every thread of the pool and has each load every task module, so the first files a new
 * process is sent are not kept waiting while threads start and compile (about half a second each)
 * beside a burst of other requests. The server does this before it listens (server.ts).
 */
export async function startWorkers(): Promise<void> {
  while (threads.length < POOL_SIZE) startThread();
  const modules = [...taskModules];
  await Promise.all(
    threads
      .filter((thread) => thread.task === null)
      .map(
        (thread) =>
          new Promise<unknown>((resolve, reject) => {
            const request: WorkerPreload = { id: nextId++, preload: modules };
            thread.task = { request, resolve, reject, parts: new Map() };
            thread.worker.ref();
            thread.worker.postMessage(request);
          }),
      ),
  );
}

/**
 * `name` of the module at `module` (a file URL beside the caller), run in the pool: a function
 * `(input, report) => result` whose input and result survive structured cloning. The function's
 * type is given as the type parameter (`typeof import('./x').name`), so the module itself is never
 * loaded in the calling thread.
 */
export function inWorker<Task extends (input: never, report: never) => unknown>(module: URL, name: string) {
  taskModules.add(module.href);
  type Input = Parameters<Task>[0];
  type Progress = Parameters<Task>[1] extends (progress: infer P) => void ? P : never;
  return (input: Input, onProgress?: (progress: Progress) => void): Promise<Awaited<ReturnType<Task>>> =>
    new Promise((resolve, reject) => {
      queue.push({
        request: { id: nextId++, module: module.href, name, input },
        onProgress: onProgress as ((progress: unknown) => void) | undefined,
        resolve: resolve as (result: unknown) => void,
        reject,
        parts: new Map(),
      });
      dispatch();
    });
}
