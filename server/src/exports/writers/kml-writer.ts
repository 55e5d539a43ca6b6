import {
  fieldValue,
  fileSink,
  type ExportWriter,
  type ExportWriterOptions,
  ownValue,
} from './export-writer.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

const KML_TYPES: Record<string, string> = { integer: 'int', number: 'double', boolean: 'bool' };

/** KML 2.2 with a typed Schema and SimpleData per placemark; geometry from PostGIS ST_AsKML. */
export function kmlWriter(options: ExportWriterOptions): ExportWriter {
  const sink = fileSink(options.path);
  const title = escapeXml(options.title);
  const header =
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document id="root">\n` +
    `<Schema name="export" id="export">\n${options.fields
      .map(
        (f) =>
          `<SimpleField name="${escapeXml(f.name)}" type="${KML_TYPES[f.type] ?? 'string'}"></SimpleField>`,
      )
      .join('\n')}\n</Schema>\n<Folder><name>${title}</name>\n`;
  let started = false;
  return {
    async write(rows) {
      if (!started) {
        started = true;
        await sink.write(header);
      }
      let text = '';
      for (const row of rows) {
        const data = options.fields
          .map((field) => {
            const value = fieldValue(field, ownValue(row.properties, field.name));
            return value === null
              ? ''
              : `<SimpleData name="${escapeXml(field.name)}">${escapeXml(String(value))}</SimpleData>`;
          })
          .join('');
        text += `<Placemark id="feature-${row.id}"><ExtendedData><SchemaData schemaUrl="#export">${data}</SchemaData></ExtendedData>${row.kml ?? ''}</Placemark>\n`;
      }
      await sink.write(text);
    },
    async finish() {
      if (!started) await sink.write(header);
      await sink.write('</Folder></Document></kml>\n');
      await sink.close();
    },
  };
}
