import type { ExportFormat } from './export-scope.ts';
import type { ExportWriter, ExportWriterOptions } from './writers/export-writer.ts';
import { csvText, geojsonText, type TextFormat } from './text-formats.ts';
import { gpkgWriter } from './writers/gpkg-writer.ts';
import { kmlWriter } from './writers/kml-writer.ts';
import { shpWriter } from './writers/shp-writer.ts';
import { xlsxWriter } from './writers/xlsx-writer.ts';

/** A format is written either by PostgreSQL line by line (`text`) or by a writer from rows. */
type FormatInfo = { extension: string; contentType: string } & (
  | { text: TextFormat; writer?: never }
  | { writer: (options: ExportWriterOptions) => ExportWriter; text?: never }
);

/** Each export format: its file extension, the download's media type (as the document lists) and how it is written. */
export const EXPORT_FORMATS: Readonly<Record<ExportFormat, FormatInfo>> = {
  geojson: { extension: 'geojson', contentType: 'application/geo+json', text: geojsonText },
  csv: { extension: 'csv', contentType: 'text/csv', text: csvText },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    writer: xlsxWriter,
  },
  shp: { extension: 'zip', contentType: 'application/zip', writer: shpWriter },
  gpkg: { extension: 'gpkg', contentType: 'application/geopackage+sqlite3', writer: gpkgWriter },
  kml: { extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml', writer: kmlWriter },
};
