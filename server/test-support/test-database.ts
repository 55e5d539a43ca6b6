import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite, openPGlite, wrapPGlite } from '../src/db/pglite.ts';
import { readTemplate, writeTemplate } from '../src/db/pglite-template.ts';
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
 * (per engine and migration set) saves a migrated dump in the temp dir and every file loads that.
 */
async function pgliteFromTemplate(): Promise<Database> {
  const dump = readTemplate(tmpdir()) ?? (await writeTemplate(tmpdir()));
  return openPGlite({ loadDataDir: dump });
}

/**
 * Starting a PGlite with PostGIS, even from the template, costs seconds (WASM, extensions); emptying
 * one costs a fraction of a second. The server project runs with `isolate: false`
 * (vitest.config.ts), so this module lives as long as its worker, and the PGlites a worker has
 * started serve its test files in turn: a file takes an idle one emptied (ids restarted), as if
 * freshly migrated, and gives it back when it closes its database. A file with several apps open
 * at once takes several; a later file with as many reuses them instead of starting its own.
 */
const POOL_LIMIT = 3;
const idlePGlites: PGlite[] = [];
let pooledCount = 0;

async function pooledPGlite(): Promise<TestDatabase | undefined> {
  let pglite = idlePGlites.pop();
  if (!pglite) {
    if (pooledCount >= POOL_LIMIT) return undefined;
    pooledCount += 1;
    try {
      pglite = await createPGlite({ loadDataDir: readTemplate(tmpdir()) ?? (await writeTemplate(tmpdir())) });
    } catch (error) {
      pooledCount -= 1;
      throw error;
    }
  }
  const taken = pglite;
  try {
    // A new wrapper per file: caches keyed by the database object (tiles, page anchors) start empty.
    const shared = wrapPGlite(taken);
    await truncateAll(shared);
    let open = true;
    const giveBack = async () => {
      if (!open) return;
      open = false;
      idlePGlites.push(taken);
    };
    const db: Database = { ...shared, close: giveBack };
    return { db, reset: () => truncateAll(db), close: giveBack };
  } catch (error) {
    pooledCount -= 1;
    await taken.close().catch(() => undefined);
    throw error;
  }
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * PostgreSQL: migrating a new database (PostGIS first) costs seconds, copying one is a file copy.
 * The first test file to need it (any worker; an advisory lock makes the others wait) migrates
 * a template database named after the migrations, and every test database is created from it.
 * The name changes with the migrations, so a template is never stale.
 */
async function migratedTemplate(admin: pg.Client, url: string): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(readMigrations())).digest('hex').slice(0, 16);
  const template = `atlasboard_template_${key}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const db = openPostgres(databaseUrl(url, building));
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      // Renamed once complete: a half-migrated template is never copied.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
  }
  return template;
}

/** A database of its own for one test file: PGlite, or a fresh database on TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    const shared = await pooledPGlite();
    if (shared) return shared;
    const db = await pgliteFromTemplate();
    return { db, reset: () => truncateAll(db), close: () => db.close() };
  }
  const name = `atlasboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = await migratedTemplate(admin, url);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  // The pool may end before PostgreSQL has seen its connections go, and DROP ... WITH (FORCE)
  // then terminates them: expected once closing. Before that, a dropped connection is news.
  let closing = false;
  const db = openPostgres(databaseUrl(url, name), (error) => {
    if (!closing) throw error;
  });
  // Nothing to apply (the template is migrated); kept so a test database is never behind.
  await migrate(db);
  return {
    db,
    reset: () => truncateAll(db),
    async close() {
      closing = true;
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
