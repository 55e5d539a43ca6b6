import type { ExportField } from './writers/export-writer.ts';
import { fieldJsonSql, fieldTextSql } from './field-sql.ts';

/**
 * A format PostgreSQL writes itself, one line per feature: the server only copies the text
 * of each batch to the file (no row objects, no JSON parse and re-serialise).
 */
export interface TextFormat {
  head(fields: ExportField[]): string;
  /**
   * The values one feature's line needs, as SQL over `features ft`, then the line as SQL over
   * them (`s.c0`, `s.c1`… in that order, and `s.id`); see streamScopeText. `key(i)` names the
   * bind parameter holding field i's name, `keyJson(i)` the one holding `"name":`.
   */
  columns(fields: ExportField[], key: (index: number) => string): string[];
  line(fields: ExportField[], keyJson: (index: number) => string): string;
  /** Whether `line` uses keyJson (PostgreSQL refuses bind values a query does not use). */
  keysAsJson: boolean;
  /** Between two features, also across batches. */
  separator: string;
  tail: string;
}

/** A CSV cell as csv-stringify writes it: quoted when it holds a quote, a comma or a line break. */
const csvCell = (sql: string) =>
  `COALESCE(CASE WHEN ${sql} ~ '[",\\r\\n]' THEN '"' || replace(${sql}, '"', '""') || '"' ELSE ${sql} END, '')`;

const csvHeaderCell = (name: string) => (/[",\r\n]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name);

/** CSV with the attributes, then the geometry as WKT in a `wkt` column (QGIS, GDAL and Excel read it). */
export const csvText: TextFormat = {
  head: (fields) => `${['id', ...fields.map((field) => field.name), 'wkt'].map(csvHeaderCell).join(',')}\n`,
  columns: (fields, key) => [
    ...fields.map((field, index) => fieldTextSql(field, key(index))),
    'ST_AsText(ft.geom, 9)',
  ],
  // Every line ends with its own line break, as csv-stringify's did.
  line: (fields) =>
    `${[
      `s.id::text`,
      ...fields.map((_, index) => csvCell(`s.c${index}`)),
      csvCell(`s.c${fields.length}`),
    ].join(` || ',' || `)} || E'\\n'`,
  keysAsJson: false,
  separator: '',
  tail: '',
};

/** A FeatureCollection; the geometry text comes from ST_AsGeoJSON as before. */
export const geojsonText: TextFormat = {
  head: () => '{"type":"FeatureCollection","features":[\n',
  columns: (fields, key) => [
    ...fields.map((field, index) => fieldJsonSql(field, key(index))),
    'ST_AsGeoJSON(ft.geom, 9)',
  ],
  line: (fields, keyJson) => {
    const n = fields.length;
    const properties = fields.map((_, index) => `${keyJson(index)}::text || s.c${index}`);
    return `'{"type":"Feature","id":' || s.id || ',"geometry":' || COALESCE(s.c${n}, 'null') ||
      ',"properties":{' || ${properties.length ? properties.join(` || ',' || `) : `''`} || '}}'`;
  },
  keysAsJson: true,
  separator: ',\n',
  tail: '\n]}\n',
};
