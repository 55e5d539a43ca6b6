import { readFile } from 'node:fs/promises';
import initSqlJs, { type SqlValue } from 'sql.js';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/** The WKB inside a GeoPackage geometry blob (GPKG spec 2.1.3), or null for an empty one. */
function wkbOf(blob: Uint8Array): Uint8Array | null {
  if (blob[0] !== 0x47 || blob[1] !== 0x50) throw new UnreadableFile('a geometry is not a GeoPackage blob');
  const flags = blob[3] ?? 0;
  if (flags & 0b1_0000) return null;
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0b111] ?? 0;
  return blob.subarray(8 + envelope);
}

/**
 * A GeoPackage feature table (a real table, never a view) through sql.js (read whole: sql.js has no file access). Geometries
 * go on as WKB with their srs_id; the database reprojects them (ST_Transform).
 */
export function gpkgReader(file: string, sourceLayer: string | undefined): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    const SQL = await initSqlJs();
    let db;
    let table: { name: string; column: string; srid: number } | undefined;
    try {
      db = new SQL.Database(await readFile(file));
      const tables =
        db.exec(
          // Only real tables: a view may be any query, one that never ends included.
          `SELECT c.table_name, g.column_name, g.srs_id FROM gpkg_contents c
         JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
         JOIN sqlite_master m ON m.name = c.table_name AND m.type = 'table'
         WHERE c.data_type = 'features' ORDER BY c.table_name`,
        )[0]?.values ?? [];
      const row = sourceLayer ? tables.find((t) => t[0] === sourceLayer) : tables[0];
      if (row) table = { name: String(row[0]), column: String(row[1]), srid: Number(row[2]) };
    } catch (error) {
      db?.close();
      throw new UnreadableFile(error instanceof Error ? error.message : 'not a GeoPackage');
    }
    if (!table) {
      db.close();
      throw new UnreadableFile(sourceLayer ? `no feature table ${sourceLayer}` : 'no feature table');
    }
    try {
      const quoted = `"${table.name.replace(/"/g, '""')}"`;
      // SQLite keeps booleans as 0/1; the declared column type says which ones they are.
      const booleans = new Set(
        (db.exec(`PRAGMA table_info(${quoted})`)[0]?.values ?? [])
          .filter((column) => String(column[2]).toUpperCase() === 'BOOLEAN')
          .map((column) => String(column[1])),
      );
      const count = Number(db.exec(`SELECT count(*) FROM ${quoted}`)[0]?.values[0]?.[0] ?? 0);
      let done = 0;
      const statement = db.prepare(`SELECT * FROM ${quoted}`);
      const names = statement.getColumnNames();
      while (statement.step()) {
        const values = statement.get();
        done += 1;
        if (progress && count > 0) progress.fraction = Math.min(1, done / count);
        const properties: Record<string, unknown> = {};
        let geometry: ImportedFeature['geometry'] = null;
        names.forEach((name, index) => {
          const value: SqlValue | undefined = values[index];
          if (name === table.column) {
            const wkb = value instanceof Uint8Array ? wkbOf(value) : null;
            geometry = wkb
              ? ({
                  type: 'WKB',
                  coordinates: Buffer.from(wkb).toString('hex'),
                  srid: table.srid,
                } as ImportedFeature['geometry'])
              : null;
          } else if (name !== 'fid') {
            properties[name] =
              value instanceof Uint8Array ? null : booleans.has(name) && value !== null ? value === 1 : value;
          }
        });
        yield { geometry, properties };
      }
      statement.free();
    } finally {
      db.close();
    }
  };
}
