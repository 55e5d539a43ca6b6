import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Database } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { openPGlite } from '../server/src/db/pglite.ts';
import { buildGrid, tileCells, usesGrid } from '../server/src/tiles/feature-grid.ts';
import { encodeTile } from '../server/src/tiles/tile-encode.ts';
import { tileRows } from '../server/src/tiles/tile-query.ts';
import { AREA } from './data-file.ts';
import { percentile, round } from './stats.ts';

/**
 * Vector tiles of one big point layer at every zoom, straight against the database (no HTTP,
 * no tile cache), so a change to the tile SQL can be compared before and after in the same
 * conditions. The points are written with generate_series into a data dir that is kept, so
 * a second run skips the insert: `npx tsx bench/tile-zooms.ts --n 100000 --data-dir DIR`.
 */
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    'min-z': { type: 'string', default: '0' },
    'max-z': { type: 'string', default: '14' },
  },
});
const n = Number(values.n);
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required (the database is kept there between runs)');
const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

interface BenchLayer {
  id: number;
  version: string;
  geometry_type: string;
  features_count: number;
  created_at: Date;
}

async function layerWithPoints(db: Database): Promise<BenchLayer> {
  const name = `Random points ${n}`;
  const found = await db.query<BenchLayer>('SELECT * FROM layers WHERE name = $1', [name]);
  if (found[0]) return found[0];
  const [map] = await db.query<{ id: number }>(`INSERT INTO maps (title) VALUES ('Tile zooms') RETURNING id`);
  const [layer] = await db.query<{ id: number }>(
    `INSERT INTO layers (map_id, name, type, geometry_type, style) VALUES ($1, $2, 'vector', 'Point', '{}')
     RETURNING id`,
    [map?.id, name],
  );
  await db.query('SELECT setseed(0.20261122)');
  const chunk = 100_000;
  for (let start = 0; start < n; start += chunk) {
    await db.query(
      `INSERT INTO features (layer_id, geom, properties)
       SELECT $1, ST_SetSRID(ST_MakePoint($2::float8 + random() * ($3::float8 - $2::float8), $4::float8 + random() * ($5::float8 - $4::float8)), 4326),
         jsonb_build_object('name', 'PT-' || lpad(i::text, 7, '0'),
           'kind', (ARRAY['hydrant', 'valve', 'meter', 'pump', 'tank'])[1 + floor(random() * 5)::int],
           'value', floor(random() * 1000)::int)
       FROM generate_series($6::int, $7::int) i`,
      [layer?.id, AREA.minLon, AREA.maxLon, AREA.minLat, AREA.maxLat, start + 1, Math.min(n, start + chunk)],
    );
    log(`inserted ${Math.min(n, start + chunk)}`);
  }
  await db.query('ANALYZE features');
  return (await db.query<BenchLayer>('SELECT * FROM layers WHERE name = $1', [name]))[0] as BenchLayer;
}

function tileOf(z: number, lon: number, lat: number): [number, number] {
  const size = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * size),
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size),
  ];
}

/** Every tile over the area at z, or `limit` of them picked evenly when there are more. */
function tilesOver(z: number, limit: number): [number, number][] {
  const [x0, y0] = tileOf(z, AREA.minLon, AREA.maxLat);
  const [x1, y1] = tileOf(z, AREA.maxLon, AREA.minLat);
  const all: [number, number][] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) all.push([x, y]);
  if (all.length <= limit) return all;
  const step = all.length / limit;
  return Array.from({ length: limit }, (_, index) => all[Math.floor(index * step)] as [number, number]);
}

async function tile(db: Database, layer: BenchLayer, z: number, x: number, y: number) {
  const started = performance.now();
  const grid = usesGrid(layer, z) ? { version: layer.version, cells: tileCells(z, x, y) } : undefined;
  const bytes = encodeTile(layer.id, await tileRows(db, layer, z, x, y, grid))?.byteLength ?? 0;
  return { ms: performance.now() - started, bytes };
}

async function main(): Promise<void> {
  const fresh = !existsSync(`${dataDir}/PG_VERSION`);
  const db = await openPGlite({ dataDir });
  await migrate(db);
  if (fresh) log('new database');
  const layer = await layerWithPoints(db);
  log(`layer ${layer.id}: ${layer.features_count} points, version ${layer.version}`);
  if (usesGrid(layer, 0)) {
    // Measured from scratch each run: what the first low-zoom tile after an import waits for.
    await db.query('DELETE FROM feature_grid_builds WHERE layer_id = $1', [layer.id]);
    await db.query('DELETE FROM feature_grid WHERE layer_id = $1', [layer.id]);
    const started = performance.now();
    await buildGrid(db, layer.id);
    const [{ rows } = { rows: 0 }] = await db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM feature_grid WHERE layer_id = $1 AND version = $2',
      [layer.id, layer.version],
    );
    log(`grid built in ${round(performance.now() - started, 0)} ms: ${rows} cells over all zooms`);
  }
  const rows: string[] = [
    '| z | tiles | p50 ms | p95 ms | slowest ms | largest KB |',
    '|---|---|---|---|---|---|',
  ];
  for (let z = Number(values['min-z']); z <= Number(values['max-z']); z += 1) {
    const times: number[] = [];
    let largest = 0;
    for (const [x, y] of tilesOver(z, 12)) {
      const { ms, bytes } = await tile(db, layer, z, x, y);
      times.push(ms);
      largest = Math.max(largest, bytes);
    }
    rows.push(
      `| ${z} | ${times.length} | ${round(percentile(times, 50))} | ${round(percentile(times, 95))} | ${round(Math.max(...times))} | ${round(largest / 1024)} |`,
    );
    log(rows.at(-1) ?? '');
  }
  // A map opening at z7 over the area asks for its tiles at once; PGlite answers them in turn.
  const opening = tilesOver(7, 12);
  const started = performance.now();
  const done = await Promise.all(
    opening.map(async ([x, y]) => {
      await tile(db, layer, 7, x, y);
      return performance.now() - started;
    }),
  );
  rows.push(
    '',
    `map opening at z7, ${opening.length} tiles at once: first ${round(Math.min(...done))} ms, all ${round(Math.max(...done))} ms`,
  );
  process.stdout.write(`\n${rows.join('\n')}\n`);
  await db.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
