import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { Database } from './database.ts';
import { openPGlite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl);
  return openPGlite({ dataDir: path.join(config.dataDir, 'pglite') });
}
