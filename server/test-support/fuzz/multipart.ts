import type { Rng } from './random.ts';
import type { SchemaValues } from './schema-values.ts';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

const BOUNDARY = '----atlasboardfuzz';

export function multipartBody(parts: Part[]): { rawBody: Buffer; headers: Record<string, string> } {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined
          ? ''
          : `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`) +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return {
    rawBody: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function randomBytes(rng: Rng, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => rng.int(0, 255)));
}

/** A GeoJSON FeatureCollection made from the document's Geometry and FeatureProperties schemas. */
function geojson(values: SchemaValues, rng: Rng): string {
  const features = Array.from({ length: rng.int(1, 5) }, () => ({
    type: 'Feature',
    geometry: values.valid({ $ref: '#/components/schemas/Geometry' }, rng),
    properties: values.valid({ $ref: '#/components/schemas/FeatureProperties' }, rng),
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

function validLayerFile(values: SchemaValues, rng: Rng): { name: string; bytes: string | Buffer } {
  switch (rng.int(0, 3)) {
    case 0:
      return {
        name: 'points.csv',
        bytes: `name,lon,lat,size\nA,-9.14,38.72,1\nB,-9.13,38.73,2.5\n"C, quoted",-9.12,38.71,\n`,
      };
    case 1:
      return {
        name: 'places.kml',
        bytes: `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>P</name><Point><coordinates>-9.14,38.72</coordinates></Point></Placemark></Document></kml>`,
      };
    default:
      return { name: rng.pick(['data.geojson', 'data.json']), bytes: geojson(values, rng) };
  }
}

/** Files a careless or hostile caller uploads (broken archives, wrong types, oversized parts). */
function hostileLayerFile(rng: Rng): { name: string; bytes: string | Buffer } {
  const depth = rng.pick([1000, 100_000]);
  const feature = (properties: string, geometry = '{"type":"Point","coordinates":[1,2]}') =>
    `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":${geometry},"properties":${properties}}]}`;
  const choices: (() => { name: string; bytes: string | Buffer })[] = [
    () => ({ name: 'deep.geojson', bytes: feature(`{"deep":${'['.repeat(depth)}1${']'.repeat(depth)}}`) }),
    () => ({ name: 'nul.geojson', bytes: feature('{"a\\u0000b":1,"ok":"x\\u0000y"}') }),
    () => ({ name: 'proto.geojson', bytes: feature('{"__proto__":{"x":1},"constructor":"c"}') }),
    () => ({ name: 'empty.geojson', bytes: '' }),
    () => ({ name: 'null.geojson', bytes: 'null' }),
    () => ({ name: 'text.geojson', bytes: 'not json at all' }),
    () => ({
      name: 'bad-coords.geojson',
      bytes: feature('{}', '{"type":"Point","coordinates":["a",1e999]}'),
    }),
    () => ({
      name: 'collection.geojson',
      bytes: feature('{}', '{"type":"GeometryCollection","geometries":[]}'),
    }),
    () => ({
      name: 'open-ring.geojson',
      bytes: feature('{}', '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}'),
    }),
    () => ({ name: 'data.zip', bytes: randomBytes(rng, rng.int(0, 300)) }),
    () => ({
      name: 'data.gpkg',
      bytes: Buffer.concat([Buffer.from('SQLite format 3\u0000'), randomBytes(rng, 200)]),
    }),
    () => ({
      name: 'data.kml',
      bytes: '<kml><Document><Placemark><Point><coordinates>x,y</coordinates></Point></Placemark>',
    }),
    () => ({ name: 'data.csv', bytes: `a\u0000b,lon,lat\n${'v'.repeat(20_000)},1,2\n,,\n"unterminated,3,4` }),
    () => ({ name: 'noext', bytes: randomBytes(rng, 64) }),
    () => ({ name: '../../evil.geojson', bytes: feature('{}') }),
  ];
  return rng.pick(choices)();
}

/** The file parts of an upload: layer files for imports, attachments for feature files. */
export function fileParts(
  name: string,
  operationId: string,
  values: SchemaValues,
  rng: Rng,
  hostile: boolean,
): Part[] {
  if (operationId === 'uploadFeatureFiles') {
    const count = hostile ? rng.pick([0, 11]) : rng.int(1, 3);
    return Array.from({ length: count }, (_, i) => {
      const kind = rng.int(0, 2);
      if (kind === 0) return { name, value: PNG, filename: `photo-${i}.png`, contentType: 'image/png' };
      if (kind === 1)
        return { name, value: 'plain words\n', filename: `note ${i}.txt`, contentType: 'text/plain' };
      return {
        name,
        value: '<script>alert(1)</script>',
        filename: `page${i}.html`,
        contentType: 'text/html',
      };
    });
  }
  const file = hostile ? hostileLayerFile(rng) : validLayerFile(values, rng);
  return [{ name, value: file.bytes, filename: file.name }];
}
