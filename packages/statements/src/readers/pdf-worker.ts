// The PDF worker thread (started by read-pdf.ts): pdfjs's replaced built-ins stay in this thread
// (see pdfjs-read.ts). For each task it posts each page's lines as read, then the rest of the
// result or the error.
import { parentPort } from 'node:worker_threads';
import { isStatementError } from '../statement-error';
import { checkPdfAccess, readPdfPages } from './pdfjs-read';
import type { SourceLine } from '../source-document';
import type { PdfTask, PdfWorkerMessage, PdfWorkerRequest } from './read-pdf';

const port = parentPort!;
const post = (message: PdfWorkerMessage) => port.postMessage(message);
const running = new Set<number>();
const cancelled = new Set<number>();

class Cancelled extends Error {}

async function run({ id, kind, bytes, password }: PdfTask): Promise<void> {
  const onPage = (pageNumber: number, pageCount: number, lines: SourceLine[]) => {
    if (cancelled.has(id)) throw new Cancelled();
    post({ id, type: 'page', pageNumber, pageCount, lines });
  };
  running.add(id);
  try {
    const result =
      kind === 'read' ? await readPdfPages(bytes, password, onPage) : await checkPdfAccess(bytes, password);
    post({ id, type: 'done', result });
  } catch (error) {
    if (!(error instanceof Cancelled))
      post({
        id,
        type: 'error',
        code: isStatementError(error) ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      });
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
}

port.on('message', (request: PdfWorkerRequest) => {
  if ('cancel' in request) {
    if (running.has(request.cancel)) cancelled.add(request.cancel);
  } else void run(request);
});
