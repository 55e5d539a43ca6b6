import { fieldValue, fileSink, type ExportWriter, type ExportWriterOptions } from './export-writer.ts';

/** A FeatureCollection written feature by feature; the geometry text from PostGIS is copied as is. */
export function geojsonWriter(options: ExportWriterOptions): ExportWriter {
  const sink = fileSink(options.path);
  let first = true;
  let started = false;
  return {
    async write(rows) {
      if (!started) {
        started = true;
        await sink.write('{"type":"FeatureCollection","features":[\n');
      }
      let text = '';
      for (const row of rows) {
        const properties = Object.fromEntries(
          options.fields.map((field) => [field.name, fieldValue(field, row.properties[field.name])]),
        );
        text += `${first ? '' : ',\n'}{"type":"Feature","id":${row.id},"geometry":${row.geometry ?? 'null'},"properties":${JSON.stringify(properties)}}`;
        first = false;
      }
      await sink.write(text);
    },
    async finish() {
      if (!started) await sink.write('{"type":"FeatureCollection","features":[\n');
      await sink.write('\n]}\n');
      await sink.close();
    },
  };
}
