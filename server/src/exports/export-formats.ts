import type { ExportFormat } from './export-scope.ts';
import type { ExportWriter, ExportWriterOptions } from './writers/export-writer.ts';
import { csvWriter } from './writers/csv-writer.ts';
import { geojsonWriter } from './writers/geojson-writer.ts';
import { gpkgWriter } from './writers/gpkg-writer.ts';
import { kmlWriter } from './writers/kml-writer.ts';
import { shpWriter } from './writers/shp-writer.ts';
import { xlsxWriter } from './writers/xlsx-writer.ts';

interface FormatInfo {
  extension: string;
  contentType: string;
  writer: (options: ExportWriterOptions) => ExportWriter;
}

/** Each export format: its file extension, the download's media type (as the document lists) and its writer. */
export const EXPORT_FORMATS: Readonly<Record<ExportFormat, FormatInfo>> = {
  geojson: { extension: 'geojson', contentType: 'application/geo+json', writer: geojsonWriter },
  csv: { extension: 'csv', contentType: 'text/csv', writer: csvWriter },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    writer: xlsxWriter,
  },
  shp: { extension: 'zip', contentType: 'application/zip', writer: shpWriter },
  gpkg: { extension: 'gpkg', contentType: 'application/geopackage+sqlite3', writer: gpkgWriter },
  kml: { extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml', writer: kmlWriter },
};
