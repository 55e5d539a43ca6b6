import { csvReader, type CsvColumns } from './csv-reader.ts';
import { geojsonReader } from './geojson-reader.ts';
import { gpkgReader } from './gpkg-reader.ts';
import type { FeatureReader } from './imported-feature.ts';
import { kmlReader } from './kml-reader.ts';
import { shpReader } from './shp-reader.ts';

export type ImportFormat = 'geojson' | 'shp' | 'gpkg' | 'kml' | 'csv';

const EXTENSIONS: Record<string, ImportFormat> = {
  geojson: 'geojson',
  json: 'geojson',
  zip: 'shp',
  gpkg: 'gpkg',
  kml: 'kml',
  csv: 'csv',
};

export function formatOf(given: string | undefined, fileName: string): ImportFormat | undefined {
  if (given !== undefined) return Object.values(EXTENSIONS).find((format) => format === given);
  return EXTENSIONS[fileName.split('.').pop()?.toLowerCase() ?? ''];
}

export interface ImportRequest {
  mapId: number;
  userId: number;
  name: string;
  categoryId: number | null;
  format: ImportFormat;
  file: string;
  sourceLayer: string | undefined;
  csv: CsvColumns;
}

/** The reader of the request's format, run where it is called (parse-worker.ts runs it). */
export function formatReader(request: ImportRequest): FeatureReader {
  switch (request.format) {
    case 'geojson':
      return geojsonReader(request.file);
    case 'csv':
      return csvReader(request.file, request.csv);
    case 'kml':
      return kmlReader(request.file);
    case 'gpkg':
      return gpkgReader(request.file, request.sourceLayer);
    case 'shp':
      return shpReader(request.file, request.sourceLayer);
  }
}
