import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { fieldValue, type ExportWriter, type ExportWriterOptions } from './export-writer.ts';

/** CSV with the attributes, then the geometry as WKT in a `wkt` column (QGIS, GDAL and Excel read it). */
export function csvWriter(options: ExportWriterOptions): ExportWriter {
  const columns = ['id', ...options.fields.map((field) => field.name), 'wkt'];
  const stringifier = stringify({ header: true, columns, cast: { boolean: (value) => String(value) } });
  const file = createWriteStream(options.path);
  stringifier.pipe(file);
  return {
    async write(rows) {
      for (const row of rows) {
        const record = [
          row.id,
          ...options.fields.map((field) => fieldValue(field, row.properties[field.name])),
          row.wkt ?? '',
        ];
        if (!stringifier.write(record)) await once(stringifier, 'drain');
      }
    },
    async finish() {
      stringifier.end();
      await finished(file);
    },
  };
}
