import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  inWorker,
  RESULT_PART_ITEMS,
  type WorkerPartTaken,
  type WorkerRequest,
  type WorkerResponse,
} from './worker-pool';

const TASKS = new URL('../../test/worker-tasks.ts', import.meta.url);
const numbers = inWorker<typeof import('../../test/worker-tasks').numbers>(TASKS, 'numbers');

/** Waits until `isTrue` holds, looking every few milliseconds. */
async function eventually(isTrue: () => boolean): Promise<void> {
  while (!isTrue()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a long result comes back from a worker in parts', () => {
  let worker: Worker | null = null;
  afterEach(async () => {
    await worker?.terminate();
  });

  it('posts the next part only once the calling thread has taken the one before', async () => {
    worker = new Worker(new URL('./task-worker.mjs', import.meta.url));
    const received: WorkerResponse[] = [];
    worker.on('message', (message: WorkerResponse) => received.push(message));
    const request: WorkerRequest = { id: 7, module: TASKS.href, name: 'numbers', input: RESULT_PART_ITEMS * 3 };
    worker.postMessage(request);

    for (let part = 1; part <= 3; part++) {
      await eventually(() => received.length >= part);
      // Given time to post more, the worker still waits: one part is out and not yet taken.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received.map((message) => message.type)).toEqual(Array(part).fill('part'));
      worker.postMessage({ id: 7, partTaken: true } satisfies WorkerPartTaken);
    }
    await eventually(() => received.length >= 4);
    expect(received[3]).toEqual({ id: 7, type: 'done', result: [] });
    const items = received.flatMap((message) => (message.type === 'part' ? message.items : []));
    expect(items).toEqual(Array.from({ length: RESULT_PART_ITEMS * 3 }, (_, index) => index));
  });

  it('gives the caller the whole result, however many parts it came in', async () => {
    const count = RESULT_PART_ITEMS * 20 + 1;
    expect(await numbers(count)).toEqual(Array.from({ length: count }, (_, index) => index));
  });
});
