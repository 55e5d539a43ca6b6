import type { Feature, Geometry } from '../generated/model';
import { TOWN_CENTER } from './features-town-layers';

/** A small street grid around the town centre: pipes under the streets, valves at crossings. */
const BLOCKS = 8;
const STEP_LON = 0.0022;
const STEP_LAT = 0.0017;
const [CENTER_LON, CENTER_LAT] = TOWN_CENTER;
const WEST = CENTER_LON - (BLOCKS / 2) * STEP_LON;
const SOUTH = CENTER_LAT - (BLOCKS / 2) * STEP_LAT;

const STREETS = ['Oak', 'Elm', 'Pine', 'Cedar', 'Birch', 'Maple', 'Ash', 'Willow', 'Poplar'];
const AVENUES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th'];
const MATERIALS = ['cast_iron', 'ductile_iron', 'pvc', 'pe', 'steel'];
const DIAMETERS = [100, 150, 200, 250, 300];

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const node = (col: number, row: number): [number, number] => [
  round(WEST + col * STEP_LON),
  round(SOUTH + row * STEP_LAT),
];
const STAMP = '2026-10-01T08:00:00Z';

function feature(
  id: number,
  layerId: number,
  geometry: Geometry,
  properties: Feature['properties'],
): Feature {
  return {
    type: 'Feature',
    id,
    layer_id: layerId,
    geometry,
    properties,
    created_by: 1,
    updated_by: 1,
    created_at: STAMP,
    updated_at: STAMP,
    files: [],
  };
}

/** The town's features, the same on every call (no randomness: tests can name them). */
export function buildTownFeatures(): Feature[] {
  const features: Feature[] = [];
  let id = 0;
  let segment = 0;
  const pipe = (from: [number, number], to: [number, number], street: string) => {
    segment += 1;
    features.push(
      feature(
        ++id,
        1,
        { type: 'LineString', coordinates: [from, to] },
        {
          name: `${street} ${segment}`,
          material: MATERIALS[segment % MATERIALS.length] ?? 'pvc',
          diameter_mm: DIAMETERS[(segment * 7) % DIAMETERS.length] ?? 150,
          install_date: `${1960 + ((segment * 13) % 61)}-0${1 + (segment % 9)}-15`,
          status: segment % 17 === 0 ? 'abandoned' : 'in_service',
        },
      ),
    );
  };
  for (let row = 0; row <= BLOCKS; row += 1) {
    for (let col = 0; col < BLOCKS; col += 1)
      pipe(node(col, row), node(col + 1, row), `${STREETS[row]} Street`);
  }
  for (let col = 0; col <= BLOCKS; col += 1) {
    for (let row = 0; row < BLOCKS; row += 1)
      pipe(node(col, row), node(col, row + 1), `${AVENUES[col]} Avenue`);
  }
  for (let row = 0; row <= BLOCKS; row += 1) {
    for (let col = 0; col <= BLOCKS; col += 1) {
      features.push(
        feature(
          ++id,
          2,
          { type: 'Point', coordinates: node(col, row) },
          {
            type: (row + col) % 3 === 0 ? 'butterfly' : 'gate',
            is_open: (row * 9 + col) % 11 !== 0,
          },
        ),
      );
    }
  }
  let hydrant = 0;
  for (let row = 0; row <= BLOCKS; row += 2) {
    for (let col = 0; col < BLOCKS; col += 1) {
      hydrant += 1;
      const [lon, lat] = node(col, row);
      features.push(
        feature(
          ++id,
          3,
          { type: 'Point', coordinates: [round(lon + STEP_LON / 2), round(lat + 0.00012)] },
          {
            hydrant_id: `H-${String(hydrant).padStart(3, '0')}`,
            flow_lps: 8 + ((hydrant * 5) % 17),
          },
        ),
      );
    }
  }
  const half = BLOCKS / 2;
  const zones: [string, number, number, number][] = [
    ['North-west', 0, half, 4.2],
    ['North-east', half, half, 3.8],
    ['South-west', 0, 0, 4.6],
    ['South-east', half, 0, 5.1],
  ];
  for (const [zone, col, row, pressure] of zones) {
    const ring = [
      node(col, row),
      node(col + half, row),
      node(col + half, row + half),
      node(col, row + half),
      node(col, row),
    ];
    features.push(
      feature(++id, 4, { type: 'Polygon', coordinates: [ring] }, { zone, pressure_bar: pressure }),
    );
  }
  return features;
}
