import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { msg, type Message } from '../i18n/messages.ts';
import { UnreadableFile, type FeatureReader, type ImportedFeature } from './imported-feature.ts';

export interface CsvColumns {
  lon_column?: string | undefined;
  lat_column?: string | undefined;
  wkt_column?: string | undefined;
}

const LON = ['lon', 'lng', 'long', 'longitude', 'x'];
const LAT = ['lat', 'latitude', 'y'];

/** The geometry columns: the ones named in the request, else the usual names (case-insensitive). */
export function geometryColumns(
  header: string[],
  wanted: CsvColumns,
): { lon: string; lat: string } | { wkt: string } | Message {
  const find = (name: string | undefined, defaults: string[]) =>
    name !== undefined
      ? header.find((column) => column === name)
      : header.find((column) => defaults.includes(column.trim().toLowerCase()));
  if (
    wanted.wkt_column !== undefined ||
    (wanted.lon_column === undefined && wanted.lat_column === undefined)
  ) {
    const wkt = find(wanted.wkt_column, ['wkt', 'geometry', 'geom', 'the_geom']);
    if (wkt) return { wkt };
    if (wanted.wkt_column !== undefined) return msg('exports.import_columns');
  }
  const lon = find(wanted.lon_column, LON);
  const lat = find(wanted.lat_column, LAT);
  return lon && lat ? { lon, lat } : msg('exports.import_columns');
}

/**
 * CSV rows as features, streamed by csv-parse. WKT is turned into GeoJSON by the caller's
 * database (`wkt` member), so every geometry PostGIS reads is accepted.
 */
export function csvReader(file: string, wanted: CsvColumns): FeatureReader {
  return async function* read(progress): AsyncIterable<ImportedFeature> {
    const { size } = await stat(file);
    const source = createReadStream(file);
    const parser = source.pipe(
      parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: false, trim: true }),
    );
    let columns: ReturnType<typeof geometryColumns> | undefined;
    try {
      for await (const record of parser) {
        const row = record as Record<string, string>;
        if (progress && size > 0) progress.fraction = source.bytesRead / size;
        columns ??= geometryColumns(Object.keys(row), wanted);
        if ('key' in columns) throw new UnreadableFile('no coordinate columns', columns);
        const properties: Record<string, unknown> = { ...row };
        if ('wkt' in columns) {
          const wkt = row[columns.wkt]?.trim() ?? '';
          delete properties[columns.wkt];
          yield { geometry: wkt === '' ? null : { type: 'WKT', coordinates: wkt }, properties };
        } else {
          const lon = Number(row[columns.lon]);
          const lat = Number(row[columns.lat]);
          delete properties[columns.lon];
          delete properties[columns.lat];
          const usable =
            row[columns.lon] !== '' &&
            row[columns.lat] !== '' &&
            Number.isFinite(lon) &&
            Number.isFinite(lat);
          yield { geometry: usable ? { type: 'Point', coordinates: [lon, lat] } : null, properties };
        }
      }
    } catch (error) {
      if (error instanceof UnreadableFile) throw error;
      throw new UnreadableFile(error instanceof Error ? error.message : String(error));
    }
  };
}
