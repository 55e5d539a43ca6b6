import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createPGlite, openPGlite, wrapPGlite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';

export interface TestDatabase {
  db: Database;
  /** Empties every table (ids restart) so each test starts from a migrated, empty database. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function truncateAll(db: Database): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('schema_migrations', 'spatial_ref_sys')`,
  );
  if (tables.length > 0)
    await db.query(`TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`);
}

/**
 * PGlite: creating a database with PostGIS takes ~12 s, so the first test file of a run
 * (per migration set) saves a migrated dump in the temp dir and every file loads that (~4 s).
 */
async function pgliteFromTemplate(): Promise<Database> {
  const migrations = readMigrations();
  // The PGlite version is part of the key: a dump is only loadable by the engine that wrote it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const engine = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const version = createHash('sha256')
    .update(JSON.stringify({ engine: engine.version, migrations }))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(tmpdir(), `atlasboard-pglite-template-${version}.tar.gz`);
  if (existsSync(file)) return openPGlite({ loadDataDir: new Blob([readFileSync(file)]) });
  const pglite = await createPGlite();
  const db = wrapPGlite(pglite);
  await migrate(db, migrations);
  const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  // Written aside and renamed: a file running in parallel never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return db;
}

/** A database of its own for one test file: PGlite, or a fresh database on TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    const db = await pgliteFromTemplate();
    return { db, reset: () => truncateAll(db), close: () => db.close() };
  }
  const name = `atlasboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openPostgres(target.toString());
  await migrate(db);
  return {
    db,
    reset: () => truncateAll(db),
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
