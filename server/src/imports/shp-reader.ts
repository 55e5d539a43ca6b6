import { readFile } from 'node:fs/promises';
import { parseZip } from 'shpjs';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

/**
 * A zipped Shapefile through shpjs, which reprojects from the .prj to EPSG:4326 (proj4).
 * shpjs reads the zip whole, so these are bounded by the upload limit.
 */
export function shpReader(file: string, sourceLayer: string | undefined): FeatureReader {
  return async function* read(): AsyncIterable<ImportedFeature> {
    const bytes = await readFile(file);
    let parsed;
    try {
      parsed = await parseZip(bytes);
    } catch (error) {
      throw new UnreadableFile(error instanceof Error ? error.message : 'not a zipped Shapefile');
    }
    const collections = Array.isArray(parsed) ? parsed : [parsed];
    const chosen = sourceLayer ? collections.find((c) => c.fileName?.endsWith(sourceLayer)) : collections[0];
    if (!chosen) throw new UnreadableFile(`no Shapefile named ${sourceLayer ?? ''} in the zip`);
    for (const feature of chosen.features)
      yield { geometry: feature.geometry, properties: withIsoDates(feature.properties ?? {}) };
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The DBF's date fields come out of shpjs as Date objects made at local midnight; stored as
 * `YYYY-MM-DD` text they are inferred as dates like those of every other format.
 */
function withIsoDates(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties))
    out[key] =
      value instanceof Date
        ? Number.isNaN(value.getTime())
          ? null
          : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
        : value;
  return out;
}
