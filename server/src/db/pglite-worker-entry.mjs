// The PGlite worker thread's entry, in plain JavaScript: a worker does not inherit the
// TypeScript loader of the thread that made it (tsx in production, vite-node in tests), so it
// registers tsx itself before loading the TypeScript worker (as the EPANET worker does).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
