import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, readMigrations, type Migration } from './migrate.ts';
import { createPGlite, wrapPGlite } from './pglite.ts';

/**
 * Creating a PGlite database and running the migrations (PostGIS's own setup script above
 * all) is most of a first start. A migrated, empty database is therefore kept as a
 * compressed dump outside the repository, made by `npm run build` (or the first test run),
 * and a new data dir starts from it: loading it takes a fraction of making it.
 */
export const DEFAULT_TEMPLATE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/atlasboard/', import.meta.url),
);

/** A dump loads only into the engine that wrote it, and only matches the migrations it ran. */
export function templateFile(dir: string, migrations: Migration[] = readMigrations()): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const engine = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256')
    .update(JSON.stringify({ engine: engine.version, migrations }))
    .digest('hex')
    .slice(0, 16);
  return path.join(dir, `atlasboard-pglite-template-${key}.tar.gz`);
}

/** The template dump, if one was made for this engine and these migrations. */
export function readTemplate(dir: string = DEFAULT_TEMPLATE_DIR): Blob | undefined {
  const file = templateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Makes a migrated, empty database in memory and saves its dump; returns the dump. */
export async function writeTemplate(dir: string = DEFAULT_TEMPLATE_DIR): Promise<Blob> {
  const migrations = readMigrations();
  const pglite = await createPGlite();
  try {
    await migrate(wrapPGlite(pglite), migrations);
    const dump = await pglite.dumpDataDir('gzip');
    const file = templateFile(dir, migrations);
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a process starting meanwhile never reads half a dump.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await pglite.close();
  }
}
