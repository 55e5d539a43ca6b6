import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createConnectionGate } from './connection-gate.ts';
import type { Database, Queryable } from './database.ts';

interface PGliteQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

function wrap(target: PGliteQueryable): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
  };
}

/**
 * Every plain query and transaction passes the gate first, so a wait for the one connection
 * ends after `waitMs` (DatabaseBusy, answered 503) instead of never.
 */
export function wrapPGlite(pg: PGlite, options: { waitMs?: number } = {}): Database {
  const base = wrap(pg);
  const through = createConnectionGate(options.waitMs ?? 15_000);
  return {
    query: (sql, params) => through(() => base.query(sql, params)),
    transaction: (work) => through(() => pg.transaction((tx) => work(wrap(tx)))),
    // PGlite hands a notice to its listeners (as a microtask) while it reads the answer of the
    // statement that committed it, so the writer's own await returns after they ran.
    listen: async (channel, listener) => {
      const off = await pg.listen(channel, (payload) => listener.message(payload));
      return () => off();
    },
    close: () => pg.close(),
  };
}

/**
 * The embedded database. `dataDir` undefined keeps it in memory; `loadDataDir` starts
 * from a dump (tests clone one prepared database instead of paying for PostGIS setup each time).
 */
export async function openPGlite(
  options: { dataDir?: string; loadDataDir?: Blob; waitMs?: number } = {},
): Promise<Database> {
  const { waitMs, ...where } = options;
  return wrapPGlite(await createPGlite(where), waitMs === undefined ? {} : { waitMs });
}

export async function createPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const pg = new PGlite({
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
    // pg_trgm indexes the feature search (migration 010).
    extensions: { postgis, pg_trgm },
  });
  await pg.waitReady;
  return pg;
}
