// The PDF worker thread's entry. Worker threads do not take the parent thread's module hooks on
// Node 20, so the TypeScript worker is loaded through tsx's API here, after pdfjs and its
// in-thread worker are imported natively: through tsx, their 4 MB of JavaScript cost the thread
// about 300 MB more memory. pdfjs uses a worker module it finds on `globalThis.pdfjsWorker`.
import 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { register } from 'tsx/esm/api';

globalThis.pdfjsWorker = pdfjsWorker;
register();
await import('./pdf-worker.ts');
