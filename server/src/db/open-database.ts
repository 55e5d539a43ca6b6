import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Database } from './database.ts';
import { databaseTimeouts } from './db-timeouts.ts';
import { openPGlite } from './pglite.ts';
import { openPGliteThread } from './pglite-thread.ts';
import { readTemplate } from './pglite-template.ts';
import { openPostgres } from './postgres.ts';

/**
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite under DATA_DIR, on a worker thread of
 * its own (pglite-thread.ts). A new PGlite data dir
 * starts from the migrated template dump when `npm run build` made one (see pglite-template.ts);
 * an existing one is opened as it is, and migrate() brings either up to date.
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  options: { templateDir?: string } = {},
): Promise<Database> {
  const timeouts = databaseTimeouts();
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl, undefined, timeouts);
  const dataDir = path.join(config.dataDir, 'pglite');
  const template = existsSync(path.join(dataDir, 'PG_VERSION'))
    ? undefined
    : readTemplate(options.templateDir);
  // The worker thread keeps HTTP answering while a statement runs; PGLITE_THREAD=0 keeps the
  // database on this thread, for comparison and as a way back (docs/decisions.md#pglite-thread).
  const open = process.env.PGLITE_THREAD === '0' ? openPGlite : openPGliteThread;
  return open({ dataDir, waitMs: timeouts.waitMs, ...(template ? { loadDataDir: template } : {}) });
}
