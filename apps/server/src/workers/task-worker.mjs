// A task worker thread's entry. Worker threads do not take the parent thread's module hooks on
// Node 20 (decision 0015), so the TypeScript worker is loaded through tsx's API here.
import { register } from 'tsx/esm/api';

register();
await import('./task-worker.ts');
