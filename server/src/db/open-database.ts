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
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite under DATA_DIR. A new PGlite data dir
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
  const open = process.env.PGLITE_THREAD === '1' ? openPGliteThread : openPGlite;
  return open({ dataDir, waitMs: timeouts.waitMs, ...(template ? { loadDataDir: template } : {}) });
}
