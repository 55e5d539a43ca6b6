import { execFileSync } from 'node:child_process';

/**
 * GDAL (ogrinfo / ogr2ogr) as the independent reader and writer of data files in tests:
 * what it reads from our exports is what QGIS and ArcGIS would read.
 */
export interface GdalLayer {
  name: string;
  geometry: string;
  featureCount: number;
  /** name → OGR type (String, Real, Integer, Integer64, Date, DateTime...) */
  fields: Record<string, string>;
}

export interface GdalFeature {
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown>;
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

const openOptions = (options: string[]) => options.flatMap((option) => ['-oo', option]);

/** Every layer's summary, as `ogrinfo -so -al` prints it. */
export function gdalLayers(source: string, options: string[] = []): GdalLayer[] {
  const text = run('ogrinfo', ['-ro', '-so', '-al', ...openOptions(options), source]);
  return text
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const lines = block.split('\n');
      const fields: Record<string, string> = {};
      for (const line of lines) {
        const field = /^([^:\s][^:]*): (String|Real|Integer64|Integer|Date|DateTime|Time)\b/.exec(line);
        if (field?.[1] && field[2]) fields[field[1]] = field[2];
      }
      return {
        name: lines[0]?.trim() ?? '',
        geometry: /^Geometry: (.+)$/m.exec(block)?.[1]?.trim() ?? '',
        featureCount: Number(/^Feature Count: (\d+)$/m.exec(block)?.[1] ?? NaN),
        fields,
      };
    });
}

/** The features of the first (or named) layer, converted by ogr2ogr to GeoJSON. */
export function gdalFeatures(source: string, options: string[] = [], layer?: string): GdalFeature[] {
  const text = run('ogr2ogr', [
    '-f',
    'GeoJSON',
    '/vsistdout/',
    ...openOptions(options),
    source,
    ...(layer ? [layer] : []),
  ]);
  return (JSON.parse(text) as { features: GdalFeature[] }).features;
}

/** Writes a file with ogr2ogr from a GeoJSON source (for import tests). */
export function gdalConvert(target: string, source: string, args: string[] = []): void {
  run('ogr2ogr', [...args, target, source]);
}
