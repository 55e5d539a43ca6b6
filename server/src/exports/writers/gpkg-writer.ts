import { writeFile } from 'node:fs/promises';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import {
  fieldValue,
  type ExportField,
  type ExportWriter,
  type ExportWriterOptions,
} from './export-writer.ts';

let sqlJs: Promise<SqlJsStatic> | undefined;

const SQL_TYPES: Record<string, string> = { integer: 'INTEGER', number: 'REAL', boolean: 'BOOLEAN' };

/** The one table name: the layer title made into a plain identifier. */
export const tableName = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'features';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** GeoPackage geometry blob (GPKG spec 2.1.3): header, xy envelope, then the WKB from PostGIS. */
function gpkgBlob(wkb: Uint8Array, bbox: [number, number, number, number]): Uint8Array {
  const blob = new Uint8Array(40 + wkb.length);
  const view = new DataView(blob.buffer);
  blob[0] = 0x47; // 'G'
  blob[1] = 0x50; // 'P'
  blob[2] = 0; // version 1
  blob[3] = 0b0000_0011; // little endian, envelope [minx, maxx, miny, maxy]
  view.setInt32(4, 4326, true);
  const [minX, minY, maxX, maxY] = bbox;
  [minX, maxX, minY, maxY].forEach((value, index) => view.setFloat64(8 + index * 8, value, true));
  blob.set(wkb, 40);
  return blob;
}

function createTables(db: Database, table: string, fields: ExportField[], geometryType: string): void {
  db.run('PRAGMA application_id = 1196444487'); // 'GPKG'
  db.run('PRAGMA user_version = 10300');
  db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
    organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`);
  db.run(`INSERT INTO gpkg_spatial_ref_sys VALUES
    ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', NULL),
    ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', NULL),
    ('WGS 84 geodetic', 4326, 'EPSG', 4326, 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]', NULL)`);
  db.run(`CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
    identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER REFERENCES gpkg_spatial_ref_sys(srs_id))`);
  db.run(`CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
    geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    PRIMARY KEY (table_name, column_name))`);
  const columns = fields.map((field) => `${quote(field.name)} ${SQL_TYPES[field.type] ?? 'TEXT'}`);
  db.run(
    `CREATE TABLE ${quote(table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom ${geometryType}${columns.map((c) => `, ${c}`).join('')})`,
  );
  db.run(
    `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES (?, 'features', ?, 4326)`,
    [table, table],
  );
  db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, 4326, 0, 0)`, [table, geometryType]);
}

/**
 * A GeoPackage written with sql.js (WASM, no native build). sql.js keeps the database in
 * memory until it is saved, so unlike the other writers this one grows with the export.
 */
export function gpkgWriter(options: ExportWriterOptions): ExportWriter {
  const table = tableName(options.title);
  const geometryType = (options.geometryType ?? 'GEOMETRY').toUpperCase();
  const extent = [Infinity, Infinity, -Infinity, -Infinity];
  const ready = (sqlJs ??= initSqlJs()).then((SQL) => {
    const db = new SQL.Database();
    createTables(db, table, options.fields, geometryType);
    db.run('BEGIN');
    const names = ['fid', 'geom', ...options.fields.map((field) => quote(field.name))];
    const insert = db.prepare(
      `INSERT INTO ${quote(table)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    return { db, insert };
  });
  return {
    async write(rows) {
      const { insert } = await ready;
      for (const row of rows) {
        const bbox = row.bbox ?? null;
        if (bbox) {
          extent[0] = Math.min(extent[0] ?? Infinity, bbox[0]);
          extent[1] = Math.min(extent[1] ?? Infinity, bbox[1]);
          extent[2] = Math.max(extent[2] ?? -Infinity, bbox[2]);
          extent[3] = Math.max(extent[3] ?? -Infinity, bbox[3]);
        }
        const values = options.fields.map((field) => {
          const value = fieldValue(field, row.properties[field.name]);
          return typeof value === 'boolean' ? Number(value) : value;
        });
        insert.run([row.id, row.wkb && bbox ? gpkgBlob(row.wkb, bbox) : null, ...values]);
      }
    },
    async finish() {
      const { db, insert } = await ready;
      insert.free();
      if (Number.isFinite(extent[0])) {
        db.run('UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ?', extent as number[]);
      }
      db.run('COMMIT');
      await writeFile(options.path, db.export());
      db.close();
    },
  };
}
