// The PDF worker thread's entry. Worker threads do not take the parent thread's module hooks on
// Node 20, so the TypeScript worker is loaded through tsx's API here.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-worker.ts', import.meta.url);
