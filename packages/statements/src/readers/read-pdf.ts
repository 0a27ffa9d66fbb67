import { Worker } from 'node:worker_threads';
import { StatementError, type StatementErrorCode } from '../statement-error';
import type { SourceDocument, SourceLine } from '../source-document';

export interface ReadPdfOptions {
  password?: string;
  onPage?: (pageNumber: number, pageCount: number) => void;
}

export interface PdfAccess {
  pageCount: number;
  isEncrypted: boolean;
}

/** A task for the PDF worker. */
export interface PdfTask {
  id: number;
  kind: 'read' | 'check';
  bytes: Uint8Array;
  password: string | undefined;
}

/** What the PDF worker is sent: a task, or that a task's caller no longer wants it. */
export type PdfWorkerRequest = PdfTask | { cancel: number };

/** What the PDF worker posts back for a task: each page's lines, then one result or one error. */
export type PdfWorkerMessage = { id: number } & (
  | { type: 'page'; pageNumber: number; pageCount: number; lines: SourceLine[] }
  | { type: 'done'; result: Omit<SourceDocument, 'lines'> | PdfAccess }
  | { type: 'error'; code: StatementErrorCode | null; message: string }
);

interface Pending {
  resolve: (result: SourceDocument | PdfAccess) => void;
  reject: (error: Error) => void;
  onPage?: ReadPdfOptions['onPage'];
  /** The lines of the pages read so far, in order. */
  lines: SourceLine[];
}

// A JavaScript entry that loads the TypeScript worker (pdf-worker.ts) through tsx.
const WORKER_FILE = new URL('./pdf-worker.mjs', import.meta.url);

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * The PDF worker thread, started on first use and kept: pdfjs never loads in the calling thread
 * (it would replace JSON and Array built-ins for the whole server), and a long statement does not
 * hold up the event loop while it is read. It keeps the process alive only while it has work.
 */
function pdfWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_FILE);
  started.on('message', (message: PdfWorkerMessage) => {
    const task = pending.get(message.id);
    if (!task) return;
    if (message.type === 'page') {
      // A progress callback that throws stops the reading (a job shutting down does), as it would
      // in the calling thread: the task fails with its error and the worker drops it.
      for (const line of message.lines) task.lines.push(line);
      try {
        task.onPage?.(message.pageNumber, message.pageCount);
      } catch (error) {
        settle(message.id);
        started.postMessage({ cancel: message.id } satisfies PdfWorkerRequest);
        task.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return;
    }
    settle(message.id);
    if (message.type === 'done')
      task.resolve('format' in message.result ? { ...message.result, lines: task.lines } : message.result);
    else task.reject(message.code ? new StatementError(message.code, message.message) : new Error(message.message));
  });
  // A worker that fails or stops fails what it had; the next task starts a new one.
  const stop = (error: Error) => {
    if (worker === started) worker = null;
    for (const [id, task] of pending) {
      settle(id);
      task.reject(error);
    }
  };
  started.on('error', stop);
  started.on('exit', (code) => stop(new Error(`The PDF reader stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function settle(id: number): void {
  pending.delete(id);
  if (pending.size === 0) worker?.unref();
}

function inPdfWorker(
  kind: PdfTask['kind'],
  bytes: Uint8Array,
  password: string | undefined,
  onPage?: ReadPdfOptions['onPage'],
): Promise<SourceDocument | PdfAccess> {
  const id = nextId++;
  const thread = pdfWorker();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onPage, lines: [] });
    thread.ref();
    thread.postMessage({ id, kind, bytes, password } satisfies PdfWorkerRequest);
  });
}

/** Reads a PDF's text with positions, page by page (pdfjs-read.ts), in the PDF worker. */
export async function readPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<SourceDocument> {
  return (await inPdfWorker('read', bytes, options.password, options.onPage)) as SourceDocument;
}

/**
 * Opens a PDF without reading its pages: throws PASSWORD_REQUIRED, WRONG_PASSWORD or UNREADABLE
 * as reading it would, so an upload can ask for the password before keeping the file.
 */
export async function checkPdfAccess(bytes: Uint8Array, password?: string): Promise<PdfAccess> {
  return (await inPdfWorker('check', bytes, password)) as PdfAccess;
}
