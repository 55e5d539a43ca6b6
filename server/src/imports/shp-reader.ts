import { readFile } from 'node:fs/promises';
import { combine, parseDbf, parseShp } from 'shpjs';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';
import { unzipEntries, zipEntryNames, ZIP_UNPACKED_MAX_BYTES } from './zip-entries.ts';

const PART = /^(?!.*__MACOSX)(.+)\.(shp|dbf|prj|cpg)$/i;

/** The Shapefile's parts in the zip: the one named `sourceLayer`, else the first. */
function chosenParts(zip: Buffer, sourceLayer: string | undefined): Map<string, string> {
  const layers = new Map<string, Map<string, string>>();
  for (const name of zipEntryNames(zip)) {
    const match = PART.exec(name);
    if (!match) continue;
    const [, base = '', ext = ''] = match;
    const parts = layers.get(base) ?? new Map<string, string>();
    parts.set(ext.toLowerCase(), name);
    layers.set(base, parts);
  }
  const shapefiles = [...layers].filter(([, parts]) => parts.has('shp'));
  if (shapefiles.length === 0) throw new UnreadableFile('no Shapefile in the zip');
  const chosen = sourceLayer ? shapefiles.find(([base]) => base.endsWith(sourceLayer)) : shapefiles[0];
  if (!chosen) throw new UnreadableFile(`no Shapefile named ${sourceLayer ?? ''} in the zip`);
  return chosen[1];
}

/**
 * A zipped Shapefile: only the chosen layer's parts are unpacked, with their sizes capped
 * (zip-entries.ts), then shpjs reads them and reprojects from the .prj to EPSG:4326 (proj4).
 */
export function shpReader(
  file: string,
  sourceLayer: string | undefined,
  maxUnpackedBytes: number = ZIP_UNPACKED_MAX_BYTES,
): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    const zip = await readFile(file);
    const parts = chosenParts(zip, sourceLayer);
    const names = new Set(parts.values());
    const unpacked = unzipEntries(zip, (name) => names.has(name), maxUnpackedBytes);
    const part = (ext: string) => unpacked.get(parts.get(ext) ?? '');
    const text = (ext: string) => {
      const bytes = part(ext);
      return bytes ? new TextDecoder().decode(bytes) : undefined;
    };
    let collection;
    try {
      const dbf = part('dbf');
      collection = combine([
        parseShp(part('shp') as Uint8Array, text('prj')),
        dbf && parseDbf(dbf, text('cpg')),
      ]);
    } catch (error) {
      throw new UnreadableFile(error instanceof Error ? error.message : 'not a zipped Shapefile');
    }
    for (const [index, feature] of collection.features.entries()) {
      if (progress) progress.fraction = (index + 1) / collection.features.length;
      yield { geometry: feature.geometry, properties: withIsoDates(feature.properties ?? {}) };
    }
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
