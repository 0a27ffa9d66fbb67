// A task worker thread (started by worker-pool.ts): runs one exported function of a module per
// task, posts its progress, then its result. Long arrays in the result are posted in parts, each
// a message of its own and each only once the calling thread has taken the one before, so that
// thread takes them in between other work instead of decoding one huge message, or a hundred
// queued parts, at once.
import { parentPort } from 'node:worker_threads';
import {
  RESULT_PART_ITEMS,
  type WorkerPartTaken,
  type WorkerPreload,
  type WorkerRequest,
  type WorkerResponse,
} from './worker-pool';

const port = parentPort!;
const post = (message: WorkerResponse) => port.postMessage(message);
/** The task waiting for its last part to be taken, by task id. */
const partTaken = new Map<number, () => void>();

type TaskFunction = (input: unknown, report: (progress: unknown) => void) => unknown;

/** Posts a result's long arrays (itself, or its own properties) in parts and returns what is left to post whole. */
async function postParts(id: number, result: unknown): Promise<unknown> {
  const send = async (key: string | null, items: unknown[]) => {
    for (let start = 0; start < items.length; start += RESULT_PART_ITEMS) {
      const taken = new Promise<void>((resolve) => partTaken.set(id, resolve));
      post({ id, type: 'part', key, items: items.slice(start, start + RESULT_PART_ITEMS) });
      await taken;
    }
  };
  if (Array.isArray(result)) {
    await send(null, result);
    return [];
  }
  if (result === null || typeof result !== 'object' || Object.getPrototypeOf(result) !== Object.prototype)
    return result;
  const rest: Record<string, unknown> = { ...result };
  for (const [key, value] of Object.entries(rest)) {
    if (Array.isArray(value) && value.length > RESULT_PART_ITEMS) {
      await send(key, value);
      rest[key] = [];
    }
  }
  return rest;
}

async function run(request: WorkerRequest): Promise<void> {
  const { id } = request;
  try {
    const module = (await import(request.module)) as Record<string, TaskFunction>;
    const task = module[request.name];
    if (typeof task !== 'function') throw new Error(`${request.module} has no function ${request.name}`);
    const result = await task(request.input, (progress) => post({ id, type: 'progress', progress }));
    post({ id, type: 'done', result: await postParts(id, result) });
  } catch (error) {
    post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Loads the task modules before any task comes, so the first file is not kept waiting while they compile. */
async function preload({ id, preload: modules }: WorkerPreload): Promise<void> {
  try {
    await Promise.all(modules.map((module) => import(module)));
    post({ id, type: 'done', result: null });
  } catch (error) {
    post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (message: WorkerRequest | WorkerPreload | WorkerPartTaken) => {
  if ('partTaken' in message) {
    partTaken.get(message.id)?.();
    partTaken.delete(message.id);
  } else void ('preload' in message ? preload(message) : run(message));
});
