import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import type { ExportField } from './export-writer.ts';

let sqlJs: Promise<SqlJsStatic> | undefined;

const SQL_TYPES: Record<string, string> = { integer: 'INTEGER', number: 'REAL', boolean: 'BOOLEAN' };

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const WGS84 =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';

export interface GpkgSchema {
  table: string;
  fields: ExportField[];
  geometryType: string;
  pageSize: number;
}

/**
 * The GeoPackage's fixed part made by sql.js: the three required metadata tables and the
 * empty feature table. Its pages come first in the file; the feature rows follow, written
 * page by page without sql.js. The feature table has no AUTOINCREMENT (that would need
 * sqlite_sequence to match the rows, and GeoPackage readers do not need it).
 */
async function schemaDatabase(schema: GpkgSchema): Promise<Database> {
  const SQL = await (sqlJs ??= initSqlJs());
  const db = new SQL.Database();
  db.run(`PRAGMA page_size = ${schema.pageSize}`);
  db.run('PRAGMA encoding = "UTF-8"');
  db.run('PRAGMA application_id = 1196444487'); // 'GPKG'
  db.run('PRAGMA user_version = 10300');
  db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
    organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`);
  db.run(`INSERT INTO gpkg_spatial_ref_sys VALUES
    ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', NULL),
    ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', NULL),
    ('WGS 84 geodetic', 4326, 'EPSG', 4326, '${WGS84}', NULL)`);
  db.run(`CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
    identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER REFERENCES gpkg_spatial_ref_sys(srs_id))`);
  db.run(`CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
    geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    PRIMARY KEY (table_name, column_name))`);
  const columns = schema.fields.map((field) => `, ${quote(field.name)} ${SQL_TYPES[field.type] ?? 'TEXT'}`);
  db.run(
    `CREATE TABLE ${quote(schema.table)} (fid INTEGER PRIMARY KEY, geom ${schema.geometryType}${columns.join('')})`,
  );
  db.run(
    `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES (?, 'features', ?, 4326)`,
    [schema.table, schema.table],
  );
  db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, 4326, 0, 0)`, [
    schema.table,
    schema.geometryType,
  ]);
  return db;
}

export interface GpkgPrefix {
  /** The database file so far: pages 1..pages, the feature table's root page still empty. */
  bytes: Uint8Array;
  pages: number;
  rootPage: number;
}

/** The fixed part as file bytes, with the feature extent once it is known. */
export async function gpkgPrefix(
  schema: GpkgSchema,
  extent: [number, number, number, number] | null,
): Promise<GpkgPrefix> {
  const db = await schemaDatabase(schema);
  try {
    if (extent) db.run('UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ?', extent);
    const root = db.exec('SELECT rootpage FROM sqlite_schema WHERE name = ?', [schema.table]);
    const rootPage = Number(root[0]?.values[0]?.[0]);
    const bytes = db.export();
    return { bytes, pages: bytes.length / schema.pageSize, rootPage };
  } finally {
    db.close();
  }
}
