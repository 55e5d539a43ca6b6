import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { geoJsonAsWkb } from './geojson-wkb.ts';
import { GEOMETRY_SQL } from './import-layer.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** What the database stores for a staged geometry (`{ g }`), read back as GeoJSON. */
async function stored(geometry: object): Promise<unknown> {
  const [row] = await database.db.query<{ geojson: string }>(
    `SELECT ST_AsGeoJSON(${GEOMETRY_SQL}) AS geojson FROM (SELECT $1::jsonb AS e) AS staged`,
    [JSON.stringify({ g: geometry })],
  );
  return JSON.parse(row?.geojson ?? 'null');
}

const ring = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 0],
];
const hole = [
  [0.2, 0.2],
  [0.4, 0.2],
  [0.4, 0.4],
  [0.2, 0.2],
];
const geometries = [
  { type: 'Point', coordinates: [-9.1395, 38.7251] },
  {
    type: 'LineString',
    coordinates: [
      [-9.2, 38.7],
      [-9.19, 38.71],
      [-9.18, 38.7],
    ],
  },
  { type: 'Polygon', coordinates: [ring, hole] },
  {
    type: 'MultiPoint',
    coordinates: [
      [1, 2],
      [3, 4],
    ],
  },
  {
    type: 'MultiLineString',
    coordinates: [
      [
        [0, 0],
        [1, 1],
      ],
      [
        [2, 2],
        [3, 3],
        [4, 5],
      ],
    ],
  },
  { type: 'MultiPolygon', coordinates: [[ring], [ring, hole]] },
  {
    type: 'GeometryCollection',
    geometries: [
      { type: 'Point', coordinates: [1, 2] },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    ],
  },
];

describe('a big geometry staged as WKB', () => {
  it.each(geometries)('is stored as its GeoJSON would be: $type', async (geometry) => {
    const wkb = geoJsonAsWkb(geometry);
    expect(wkb).toBeDefined();
    expect(await stored({ type: 'WKB', coordinates: wkb })).toEqual(await stored(geometry));
    expect(await stored({ type: 'WKB', coordinates: wkb })).toEqual(geometry);
  });

  it('drops a third coordinate, as the GeoJSON import does', async () => {
    const wkb = geoJsonAsWkb({
      type: 'LineString',
      coordinates: [
        [0, 0, 5],
        [1, 1, 6],
      ],
    });
    expect(await stored({ type: 'WKB', coordinates: wkb })).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
  });

  it('leaves what is not plainly well formed to the database, which says what is wrong', () => {
    for (const odd of [
      { type: 'LineString', coordinates: [[0, 0]] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      { type: 'Point', coordinates: [] },
      { type: 'MultiPoint', coordinates: [] },
      { type: 'GeometryCollection', geometries: [] },
      { type: 'Point', coordinates: ['1', 2] },
      { type: 'Circle', coordinates: [0, 0] },
    ])
      expect(geoJsonAsWkb(odd), JSON.stringify(odd)).toBeUndefined();
  });
});
